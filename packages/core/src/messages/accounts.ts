/**
 * pt-BR texts of accounts: login, password recovery, sign-up, e-mail confirmation and the
 * session side's failures, shared by the API host, core's session store, the login
 * element and the storefront's forms. Sentences both the API host and a client say are
 * single constants that the tables point at.
 */
import { MIN_PASSWORD_LENGTH } from '../rules/password.ts';

/** Spec §5 and §8: a malformed e-mail address (login, recovery, sign-up, the API host's checks). */
export const INVALID_EMAIL_MESSAGE = 'Endereço de e-mail inválido';
/** Spec §8: any failed login. */
export const INVALID_LOGIN_MESSAGE = 'Usuário/Senha Inválida';
/** Spec §8: login before the e-mail is confirmed (HTTP 409). */
export const UNVERIFIED_MESSAGE = 'Valide sua conta pelo link enviado em seu email, antes de fazer login.';
/** Spec §8: the recovery e-mail could not be sent. */
export const MAIL_FAILED_MESSAGE = 'Erro ao enviar email, tente novamente';
/** A recovery link that is unknown, used or older than an hour. */
export const INVALID_RECOVERY_MESSAGE =
  'Link de recuperação inválido ou expirado. Peça um novo e-mail de recuperação.';
/** Spec §8: sign-up with an e-mail that already has an account (HTTP 408). */
export const USER_EXISTS_MESSAGE = 'Usuário já existe';
/** A verification link that is unknown, used or expired. */
export const INVALID_VERIFY_MESSAGE = 'Link de confirmação inválido ou expirado.';
/** Sign-up failed for another reason (the session store's fallback and the sign-up form's). */
export const SIGN_UP_FAILED_MESSAGE =
  'Não foi possível criar sua conta, tente novamente ou entre em contato com nossa equipe';
/** Spec §8: the recovery e-mail was sent to `email`. */
export const recoverySentMessage = (email: string): string => `Um e-mail foi enviado para você em: ${email}`;

/**
 * The pt-BR texts of signing in: the login dialog's checks, login and password recovery,
 * verbatim from docs/accounts.md. Apart from the account pages' texts so that a page with
 * only the login dialog (the script-tag build's) need not carry those.
 */
export const SIGN_IN_MESSAGES = {
  loginRequired: 'Email e senha são obrigatórios',
  invalidEmail: INVALID_EMAIL_MESSAGE,
  loginUnverified: UNVERIFIED_MESSAGE,
  loginFailed: INVALID_LOGIN_MESSAGE,
  loginSuccess: 'Login realizado com Sucesso',
  recoverySent: recoverySentMessage,
  recoveryFailed: MAIL_FAILED_MESSAGE,
  recoveryTooSoon: 'Você precisa esperar um minuto após o envio para, reenviar o e-mail',
} as const;

/** The pt-BR texts of the session side: {@link SIGN_IN_MESSAGES} and the account pages'. */
export const SESSION_MESSAGES = {
  ...SIGN_IN_MESSAGES,
  signUpExists: USER_EXISTS_MESSAGE,
  signUpFailed: SIGN_UP_FAILED_MESSAGE,
  // Not in the spec: chosen here, see docs/core.md.
  resetFailed: 'Não foi possível alterar sua senha. O link pode ter expirado, peça um novo.',
  verifyFailed: 'Não foi possível validar seu e-mail. O link pode ter expirado.',
  googleFailed: 'Não foi possível entrar com o Google, tente novamente',
  // A callback this tab did not start (login CSRF): its token is never used.
  googleNotStarted:
    'Este retorno do Google não corresponde a um login iniciado neste navegador. Entre novamente, se quiser.',
  uploadFailed: 'Não foi possível enviar o documento, tente novamente',
  profileFailed: 'Não foi possível salvar seu perfil, tente novamente',
  profileLoadFailed: 'Não foi possível carregar seu perfil, tente novamente',
  notLoggedIn: 'Acesse sua conta para continuar',
} as const;

/**
 * pt-BR validation texts of the storefront's sign-up and password forms. The spec leaves
 * sign-up field rules open ("not shown"), so these are the storefront's (docs/site.md); the
 * e-mail text is the spec's login message so the product says one thing one way.
 */
export const SIGN_UP_MESSAGES = {
  nameRequired: 'Informe seu nome',
  lastNameRequired: 'Informe seu sobrenome',
  emailRequired: 'Informe seu e-mail',
  emailInvalid: INVALID_EMAIL_MESSAGE,
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
  genericFailure: SIGN_UP_FAILED_MESSAGE,
} as const;
