/**
 * pt-BR texts of the chat with friends (docs/social.md, "Chat"), shared by the API host,
 * core and the storefront. The spec's strings are verbatim.
 */

/** Spec §5: more than 10 messages in 1000 ms (client system message and server 429). */
export const CHAT_RATE_LIMITED = 'Você está enviando mensagens muito rápido. Por favor, aguarde um momento.';
/** Spec §5: the second limiter (30 per 60 s), defined but unused by the product. */
export const CHAT_TOO_MANY_REQUESTS = 'Muitas requisições. Por favor, aguarde um momento.';
/** Spec §8: the history could not be loaded (system message). */
export const CHAT_HISTORY_FAILED = 'Erro ao carregar histórico de mensagens';
/** Spec §8: a send failed without a server message. */
export const CHAT_SEND_FAILED = 'Erro ao enviar mensagem';
/** The room does not belong to the customer, or the two are not friends. */
export const CHAT_NOT_FRIENDS = 'Vocês precisam ser amigos para conversar.';
/** The chat room id does not match the two customers. */
export const CHAT_ROOM_INVALID = 'Sala de conversa inválida.';
/** A message that is empty once its markup is stripped. */
export const CHAT_EMPTY_MESSAGE = 'A mensagem está vazia.';
/** A message longer than the limit. */
export const CHAT_TOO_LONG = 'A mensagem pode ter no máximo 2000 caracteres.';
/** The system message written when two customers become friends (`/chat/system`). */
export const CHAT_NOW_FRIENDS = 'Vocês agora são amigos. Digam olá!';
