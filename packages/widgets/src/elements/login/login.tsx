/**
 * The "Acessar Conta" dialog (docs/widgets.md): e-mail and password login, Google sign-in, the
 * "Esqueceu sua senha?" recovery dialog, and "Criar Conta Gratuita". All session work is
 * done by `@plateia/core`; this component only asks and shows. Its bodies are
 * `login-parts.tsx`'s, the recovery dialog `recovery-dialog.tsx`'s, and who opens it and
 * what it fires `use-login.ts`'s.
 */

import { useStore } from '@nanostores/react';
import { isSameSitePath, navigate } from '@plateia/core/stores/navigation';
import {
  $authState,
  $googleRedirecting,
  $user,
  initSession,
  startGoogleLogin,
} from '@plateia/core/stores/session';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { useModalDialog } from '../../shared/modal-dialog.ts';
import { embeddingStorefront } from '../../shared/storefront-origin.ts';
import { EmbedLoginPanel, PasswordLogin } from './login-parts.tsx';
import { RecoveryDialog } from './recovery-dialog.tsx';
import {
  POPUP_BLOCKED_MESSAGE,
  useCloseOnLogin,
  useEmbedLogin,
  useOpenRequests,
  useOpenState,
  useQueryUser,
  useSessionEvents,
} from './use-login.ts';
import { useLoginForm } from './use-login-form.ts';

export { POPUP_BLOCKED_MESSAGE } from './use-login.ts';

/** How long "Criar Conta Gratuita" waits after closing before it navigates (ms). */
export const SIGNUP_NAVIGATION_DELAY_MS = 300;

/** Where "Criar Conta Gratuita" goes when no `signup-url` is given. */
export const DEFAULT_SIGNUP_URL = '/cadastro';

/** Props of {@link Login}; the element mirrors `open` and `signupUrl` as attributes. */
export interface LoginProps extends ElementHostProps {
  /** Whether the dialog is open. Query `?user=` and `plateia-login-open` also open it. */
  open?: boolean;
  /** Target of "Criar Conta Gratuita" (attribute `signup-url`), default `/cadastro`. */
  signupUrl?: string;
  /**
   * A path on this site (attribute `google-window`) where Google sign-in runs in a window of
   * its own instead of sending this page to Google. The storefront's login popup uses it:
   * Google's pages may cut a window's opener (Cross-Origin-Opener-Policy), and the popup
   * must keep its own. The login then reaches this page through the stored session.
   */
  googleWindow?: string;
  /** Told when the dialog opens or closes itself (React use; the element reflects `open`). */
  onOpenChange?: (open: boolean) => void;
}

/** The "Acessar Conta" dialog as a React component. */
export function Login({
  open = false,
  signupUrl,
  googleWindow,
  container,
  onOpenChange,
}: LoginProps): ReactNode {
  const user = useStore($user);
  const authState = useStore($authState);
  const googleRedirecting = useStore($googleRedirecting);

  const { isOpen, changeOpen, googleWindowOpen, setGoogleWindowOpen } = useOpenState(
    open,
    container,
    onOpenChange,
  );
  const form = useLoginForm();
  const { email, setFormError } = form;
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const ids = useId();
  // On a producer's page (another origin than the storefront's) the password is never typed
  // here: "Entrar" opens the storefront's popup (embed-login.ts).
  const storefront = useMemo(() => embeddingStorefront(), []);
  const onEmbedLogin = useEmbedLogin(storefront, () => close(), setFormError);

  const { setEmail, setNotice } = form;
  const openWith = useCallback(
    (prefill?: string) => {
      if (prefill) setEmail(prefill);
      setFormError('');
      setNotice('');
      changeOpen(true);
    },
    [changeOpen, setEmail, setFormError, setNotice],
  );

  // An embedding page may have nobody else to read the stored session; reading it twice is harmless.
  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);
  useQueryUser(authState, user, openWith);
  useOpenRequests(openWith);
  useSessionEvents(container, rootRef, storefront);

  // No memo needed: the dialog hook reads `onClose` at the time of the Escape.
  const close = (): void => {
    setRecoveryOpen(false);
    changeOpen(false);
  };

  useCloseOnLogin(isOpen, changeOpen, setRecoveryOpen);

  // Opened in the click itself, so the browser lets the window through.
  const onGoogle = (): void => {
    if (!isSameSitePath(googleWindow)) {
      startGoogleLogin();
      return;
    }
    setFormError('');
    const opened = window.open(googleWindow, 'plateia-google', 'popup,width=480,height=640');
    if (!opened) {
      setFormError(POPUP_BLOCKED_MESSAGE);
      return;
    }
    setGoogleWindowOpen(true);
  };
  const dialog = useModalDialog({ open: isOpen, onClose: close, initialFocus: emailRef });

  const onSignup = (): void => {
    close();
    const target = signupUrl || DEFAULT_SIGNUP_URL;
    // The short wait lets the closing dialog return focus before the page changes.
    setTimeout(() => navigate(target), SIGNUP_NAVIGATION_DELAY_MS);
  };

  return (
    <div ref={rootRef} part="root">
      <dialog {...dialog} part="base" className="dialog" aria-labelledby={`${ids}-title`} aria-modal="true">
        {isOpen && (
          <div className="panel">
            <header className="header">
              <h2 id={`${ids}-title`} part="title" className="title">
                Acessar Conta
              </h2>
              {/* Named by its label alone: a button's content is presentational. */}
              <button type="button" className="close" aria-label="Fechar" part="close-button" onClick={close}>
                ×
              </button>
            </header>

            {storefront ? (
              <EmbedLoginPanel
                formErrorId={`${ids}-form-error`}
                formError={form.formError}
                onLogin={onEmbedLogin}
              />
            ) : (
              <PasswordLogin
                ids={ids}
                form={form}
                emailRef={emailRef}
                googleRedirecting={googleRedirecting}
                googleWindowOpen={googleWindowOpen}
                onSubmit={(event) => void form.submit(event, emailRef, close)}
                onForgot={() => {
                  setNotice('');
                  setRecoveryOpen(true);
                }}
                onGoogle={onGoogle}
                onSignup={onSignup}
              />
            )}
          </div>
        )}
      </dialog>
      <RecoveryDialog
        open={isOpen && recoveryOpen}
        initialEmail={email}
        onCancel={() => setRecoveryOpen(false)}
        onSent={(message) => {
          setRecoveryOpen(false);
          setFormError('');
          setNotice(message);
        }}
      />
    </div>
  );
}
