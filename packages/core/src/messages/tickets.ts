import { INVALID_EMAIL_MESSAGE } from './accounts.ts';

/**
 * pt-BR texts of tickets after the purchase ("Meus Ingressos", the rotating QR code and
 * transfers by e-mail; docs/tickets.md), shared by the API host, core and the storefront.
 */

/** Errors the API host answers on ticket routes, by machine code. */
export const TICKET_ERRORS = {
  notFound: 'Ingresso não encontrado.',
  notOwner: 'Este ingresso não está na sua conta.',
  notValid: 'Só é possível transferir ingressos válidos: este já foi utilizado, cancelado ou transferido.',
  listed: 'Este ingresso está anunciado para revenda. Cancele o anúncio antes de transferir.',
  eventStarted: 'As transferências deste evento foram encerradas: o evento já começou.',
  pending: 'Este ingresso já tem uma transferência pendente. Cancele-a antes de fazer outra.',
  toSelf: 'Você não pode transferir um ingresso para o seu próprio e-mail.',
  senderLimit: 'Você fez muitas transferências em pouco tempo. Tente novamente mais tarde.',
  recipientLimit: 'Este e-mail recebeu muitas transferências hoje. Tente novamente amanhã.',
  transferNotFound: 'Transferência não encontrada.',
  transferClosed: 'Esta transferência não está mais pendente.',
  notRecipient: 'Esta transferência foi enviada para outro e-mail.',
  notSender: 'Só quem enviou a transferência pode cancelá-la.',
  unverified: 'Confirme seu e-mail para receber ingressos transferidos.',
  noCode: 'Este ingresso não tem QR Code de entrada.',
} as const;

/** Machine codes of ticket errors. */
export type TicketErrorCode = keyof typeof TICKET_ERRORS;

/** Texts of the transfer flow shown in the storefront. */
export const TRANSFER_MESSAGES = {
  sent: 'Transferência enviada! O ingresso fica pendente até o destinatário aceitar.',
  cancelled: 'Transferência cancelada. O ingresso voltou para você.',
  accepted: 'Ingresso recebido! Ele já está na sua lista.',
  failed: 'Não foi possível transferir o ingresso, tente novamente',
  cancelFailed: 'Não foi possível cancelar a transferência, tente novamente',
  acceptFailed: 'Não foi possível aceitar a transferência, tente novamente',
  emailRequired: 'Informe o e-mail de quem vai receber o ingresso.',
  emailInvalid: INVALID_EMAIL_MESSAGE,
  confirm: (email: string) =>
    `Transferir este ingresso para ${email}? Seu QR Code deixa de valer assim que a pessoa aceitar.`,
} as const;

/** pt-BR label of each status a ticket shows in "Meus Ingressos". */
export const TICKET_STATUS_LABELS = {
  valid: 'Válido',
  used: 'Utilizado',
  transferred: 'Transferido',
  pending_transfer: 'Transferência pendente',
  listed: 'Anunciado para revenda',
  resold: 'Revendido',
  refunded: 'Reembolsado',
  cancelled: 'Cancelado',
} as const;

/** Texts of the full-screen code view. */
export const TICKET_CODE_MESSAGES = {
  loadFailed: 'Não foi possível carregar seus ingressos, tente novamente',
  keyFailed: 'Não foi possível carregar o QR Code. Conecte-se à internet e tente novamente.',
  offline: 'Sem conexão: o QR Code continua funcionando com os dados salvos neste aparelho.',
  screenshot: 'O QR Code muda a cada 15 segundos. Capturas de tela não funcionam na entrada.',
  dead: 'Este ingresso mudou de titular: o QR Code deste aparelho não vale mais.',
} as const;
