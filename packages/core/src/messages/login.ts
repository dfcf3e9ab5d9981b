/** pt-BR texts of the `<plateia-login>` dialog (docs/widgets.md, "Acessar Conta"). */
import { SIGN_IN_MESSAGES } from './accounts.ts';

/** Spec texts the login dialog shows; the validation texts are `SIGN_IN_MESSAGES`' (messages/accounts.ts). */
export const LOGIN_MESSAGES = {
  required: SIGN_IN_MESSAGES.loginRequired,
  invalidEmail: SIGN_IN_MESSAGES.invalidEmail,
  googleRedirecting: 'Redirecionando... Aguarde enquanto o login do Google é processado.',
  /** The Google sign-in runs in a window of its own (the producer-page login popup). */
  googleWindow: 'Continue na janela do Google. Esta janela segue assim que você entrar.',
} as const;
