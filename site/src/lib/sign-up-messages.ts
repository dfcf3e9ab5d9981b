/** Shortest password the storefront accepts (the API host accepts 6; 8 is kinder to accounts). */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest password the new-password fields take. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * pt-BR validation texts of the sign-up and password forms. The spec leaves sign-up field
 * rules open ("not shown"), so these are the storefront's (docs/site.md); the e-mail text
 * reuses the spec's login message so the product says one thing one way.
 */
export const SIGN_UP_MESSAGES = {
  nameRequired: 'Informe seu nome',
  lastNameRequired: 'Informe seu sobrenome',
  emailRequired: 'Informe seu e-mail',
  emailInvalid: 'Endereço de e-mail inválido',
  phoneRequired: 'Informe seu telefone',
  phoneInvalid: 'Informe o telefone com DDD',
  countryRequired: 'Informe seu país',
  cpfRequired: 'Informe seu CPF ou CNPJ',
  cpfInvalid: 'CPF ou CNPJ inválido',
  passportRequired: 'Informe o número do seu passaporte',
  passwordShort: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`,
  passwordHint: `Use pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  passwordMismatch: 'As senhas não coincidem',
  termsRequired: 'Para continuar, aceite as políticas',
  documentLabel: 'o documento de identidade',
  addressProofLabel: 'o comprovante de residência',
  genericFailure: 'Não foi possível criar sua conta, tente novamente ou entre em contato com nossa equipe',
} as const;
