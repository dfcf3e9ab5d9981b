import { defineElement, elementClass } from '../../shared/define-element.ts';
import type { PlateiaLoginDetail } from '../../shared/events.ts';
import { withTheme } from '../../shared/styles.ts';
import loginCss from './login.css?inline';
import { Login, type LoginProps } from './login.tsx';

/** Tag name of the login element. */
export const LOGIN_TAG = 'plateia-login';

/**
 * The "Acessar Conta" dialog: e-mail and password login, Google sign-in, password
 * recovery and the way to sign-up. Opens when `open` is set, when the page URL carries
 * `?user=<e-mail>` and nobody is logged in (prefilled), or when a `plateia-login-open`
 * event is dispatched on `document`; closes itself after a successful login and then
 * removes `open`.
 *
 * @tag plateia-login
 * @summary The "Acessar Conta" login dialog.
 *
 * @attr {boolean} open - Whether the dialog is shown. Reflects: the dialog removes it when it closes itself.
 * @attr {string} signup-url - Where "Criar Conta Gratuita" goes. Default `/cadastro`.
 * @attr {string} google-window - A path on this site where Google sign-in runs in a window of its own, leaving this page where it is (the storefront's login popup); the login reaches this page through the stored session.
 *
 * On a producer's page (the loader's `Plateia.base` is another origin) it asks no password:
 * "Entrar com a Plateia" opens the storefront's login popup (docs/security.md).
 *
 * @fires {CustomEvent<PlateiaLoginDetail>} plateia-login - The session went from logged out to logged in; `detail.user` is the customer, or on a producer's page `detail` is `{ id, firstName }` only.
 * @fires {CustomEvent<Record<string, never>>} plateia-logout - The session ended.
 *
 * @csspart root - Wrapper of both dialogs.
 * @csspart base - The login `<dialog>`.
 * @csspart recovery - The "Esqueceu sua senha?" `<dialog>`.
 * @csspart title - Dialog titles.
 * @csspart close-button - The close (×) button.
 * @csspart input - Every text input.
 * @csspart password-toggle - The show/hide password button.
 * @csspart forgot-link - "Esqueceu sua senha?".
 * @csspart submit-button - "Fazer Login com Email".
 * @csspart google-button - The Google sign-in button.
 * @csspart signup-button - "Criar Conta Gratuita".
 *
 * @cssprop [--plateia-accent=#8b5cf6] - Accent color: primary button, links, focus ring.
 * @cssprop [--plateia-accent-fg=#ffffff] - Text on the accent color.
 * @cssprop [--plateia-bg=#15151c] - Dialog background.
 * @cssprop [--plateia-surface=#1f1f29] - Inputs and secondary surfaces.
 * @cssprop [--plateia-fg=#f4f4f6] - Text color.
 * @cssprop [--plateia-muted=#a1a1b0] - Labels and hints.
 * @cssprop [--plateia-border=#34343f] - Borders.
 * @cssprop [--plateia-danger=#f87171] - Error texts and invalid fields.
 * @cssprop [--plateia-success=#4ade80] - Success notices.
 * @cssprop [--plateia-radius=12px] - Corner radius.
 * @cssprop [--plateia-font=system-ui] - Font family.
 * @cssprop [--plateia-backdrop=rgb(0 0 0 / 0.7)] - Backdrop behind the dialog.
 */
export class PlateiaLogin extends elementClass<Pick<LoginProps, 'open' | 'signupUrl' | 'googleWindow'>>({
  component: Login,
  attributes: { open: 'boolean', signupUrl: 'string', googleWindow: 'string' },
  styles: [withTheme(loginCss)],
}) {
  /** Whether the dialog is shown; mirrors the `open` attribute. */
  declare open: boolean;
  /** Where "Criar Conta Gratuita" goes; mirrors `signup-url`. */
  declare signupUrl: string | undefined;
  /** Where Google sign-in runs in its own window; mirrors `google-window`. */
  declare googleWindow: string | undefined;
}

/** `detail` of this element's `plateia-login` event. */
export type { PlateiaLoginDetail };

declare global {
  interface HTMLElementTagNameMap {
    'plateia-login': PlateiaLogin;
  }
}

/** Registers `<plateia-login>` (once; a no-op on the server). */
export function defineLogin(): CustomElementConstructor | undefined {
  return defineElement(LOGIN_TAG, PlateiaLogin);
}
