/**
 * pt-BR texts of the customer's profile: the storefront's profile page and the API host's
 * profile answers. Sentences the sign-up form or the session store also say are theirs
 * (messages/accounts.ts).
 */
import { SESSION_MESSAGES, SIGN_UP_MESSAGES } from './accounts.ts';

/** pt-BR texts of the storefront's profile page (spec silent; see docs/site.md). */
export const PROFILE_MESSAGES = {
  nameRequired: SIGN_UP_MESSAGES.nameRequired,
  cpfInvalid: SIGN_UP_MESSAGES.cpfInvalid,
  phoneInvalid: SIGN_UP_MESSAGES.phoneInvalid,
  cepInvalid: 'O CEP deve ter 8 dígitos',
  birthDateInvalid: 'Informe uma data de nascimento válida',
  saved: 'Perfil atualizado com sucesso!',
  saveFailed: SESSION_MESSAGES.profileFailed,
  documentSent: 'Documento enviado com sucesso!',
  documentFailed: SESSION_MESSAGES.uploadFailed,
  dataTitle: 'Seus dados',
  dataText:
    'Baixe tudo o que a Plateia guarda sobre você (perfil, pedidos, ingressos, carteira, amigos, mensagens e suportes) em um arquivo JSON.',
  dataButton: 'Baixar meus dados',
  dataBusy: 'Preparando arquivo...',
  dataFailed: 'Não foi possível baixar seus dados, tente novamente',
  dataTooSoon: 'Você pediu seus dados há pouco. Aguarde um minuto e tente novamente.',
} as const;

/** pt-BR answers of the API host's profile checks (sign-up and profile edits). */
export const PROFILE_ANSWER_MESSAGES = {
  nameMissing: 'Campo obrigatório ausente: nome.',
  documentNumberInvalid: 'CPF/CNPJ inválido.',
  cepInvalid: 'CEP inválido.',
  stateInvalid: 'UF inválida.',
  birthDateInvalid: 'Data de nascimento inválida.',
  emailLocked: 'O e-mail da conta não pode ser alterado.',
  avatarUrlInvalid: 'Endereço da foto de perfil inválido.',
} as const;
