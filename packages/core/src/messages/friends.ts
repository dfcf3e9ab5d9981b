import { INVALID_EMAIL_MESSAGE } from './accounts.ts';

/**
 * pt-BR texts of friends (docs/social.md, "Friends"), shared by the API host, core and the
 * storefront. The spec's strings are verbatim.
 */

/** Spec §5: the add-friend field is blank (toast). */
export const FRIEND_EMAIL_REQUIRED_TOAST = 'Preencha o campo de email!';
/** Spec §5: the add-friend field is blank (field error). */
export const FRIEND_EMAIL_REQUIRED_FIELD = 'Email obrigatório!';
/** Spec §5: the add-friend e-mail is the customer's own login. */
export const FRIEND_SELF_ADD = 'Você não pode adicionar você mesmo como amigo';

/** Spec §8: accepting a friendship, per status. */
export const FRIEND_ACCEPT_MESSAGES = {
  404: 'Amizade não encontrada!',
  400: 'Vocês já são amigos!',
  403: 'Você não pode aceitar essa amizade!',
  500: 'Erro ao aceitar amizade!',
  success: 'Amizade aceita com sucesso!',
} as const;

/** Spec §8: denying a request, per status. */
export const FRIEND_DENY_MESSAGES = {
  404: 'Amizade não encontrada!',
  400: 'Vocês já são amigos!',
  500: 'Erro ao recusar amizade!',
  success: 'Amizade recusada com sucesso!',
} as const;

/** Spec §8: removing a friend, per status (the spec gives 400 no text of its own). */
export const FRIEND_DELETE_MESSAGES = {
  404: 'Amizade não encontrada!',
  400: 'Vocês ainda não são amigos!',
  500: 'Erro ao remover amizade!',
  success: 'Amizade removida com sucesso!',
} as const;

/** Spec §8: sending a friend request, per status (403 is shown as a success). */
export const FRIEND_ADD_MESSAGES = {
  404: 'Usuário não localizado!',
  /** The field error under the e-mail on 404. */
  notFoundField: 'Email incorreto ou inexistente!',
  400: 'Vocês já são amigos ou o convite está pendente!',
  403: 'Pedido solicitado!',
  500: 'Erro ao adicionar amizade!',
  /** Past the requests one account may send in an hour (each also asks whether an e-mail has an account). */
  429: 'Você enviou muitos pedidos de amizade em pouco tempo. Aguarde um pouco e tente novamente.',
  success: 'Pedido enviado com sucesso!',
} as const;

/** Spec §8: the public-profile setting was saved. */
export const FRIEND_SETTINGS_SAVED = 'Configurações salvas com sucesso!';
/** The public-profile setting could not be saved or read. */
export const FRIEND_SETTINGS_FAILED = 'Erro ao salvar configurações!';
/** `/friendly/del` names a customer who is not the other member of that friendship. */
export const FRIEND_MEMBER_MISMATCH = 'Os dados da amizade não conferem.';
/** The add-friend e-mail is not an e-mail address. */
export const FRIEND_EMAIL_INVALID = INVALID_EMAIL_MESSAGE;
