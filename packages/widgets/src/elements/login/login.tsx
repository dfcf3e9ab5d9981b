/**
 * The "Acessar Conta" dialog (spec §2): e-mail and password login, Google sign-in, the
 * "Esqueceu sua senha?" recovery dialog, and "Criar Conta Gratuita". All session work is
 * done by `@plateia/core`; this component only asks and shows.
 */

import { useStore } from '@nanostores/react';
import { LOGIN_MESSAGES } from '@plateia/core/messages/login';
import { isValidEmail } from '@plateia/core/rules/email';
import { isSameSitePath, navigate } from '@plateia/core/stores/navigation';
import {
  $authState,
  $googleRedirecting,
  $user,
  initSession,
  login,
  requestPasswordRecovery,
  startEmbedSession,
  startGoogleLogin,
} from '@plateia/core/stores/session';
import {
  type FormEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { emit } from '../../shared/events.ts';
import { useModalDialog } from '../../shared/modal-dialog.ts';
import { embeddingStorefront, newNonce } from '../../shared/storefront-origin.ts';
import { embedLoginUrl, readEmbedLogin } from './embed-login.ts';

/** Shown on a producer's page when the browser blocked the Plateia popup. */
export const POPUP_BLOCKED_MESSAGE =
  'O navegador bloqueou a janela da Plateia. Permita pop-ups para este site e tente novamente.';

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

// Core's `login` and `requestPasswordRecovery` reject with an `Error` whose message is the
// pt-BR text to show (its own fallback when the API host gave nothing usable).
const errorMessage = (error: unknown): string => (error as Error).message;

// The element renders asynchronously after it is defined, so a `plateia-login-open` sent
// right after `customElements.whenDefined` could reach no listener. One document listener,
// installed when this module loads, keeps the latest unanswered request for the next
// dialog that mounts.
let pendingOpen: { email?: string | undefined } | null = null;
const openRequestListeners = new Set<(email?: string) => void>();
if (typeof document !== 'undefined') {
  document.addEventListener('plateia-login-open', (event) => {
    const email = (event as CustomEvent<{ email?: string } | null>).detail?.email;
    if (openRequestListeners.size === 0) pendingOpen = { email };
    else for (const listener of openRequestListeners) listener(email);
  });
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

  const [isOpen, setIsOpen] = useState(open);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [emailError, setEmailError] = useState('');
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  const [googleWindowOpen, setGoogleWindowOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const emailRef = useRef<HTMLInputElement | null>(null);
  const ids = useId();
  // On a producer's page (another origin than the storefront's) the password is never typed
  // here: "Entrar" opens the storefront's popup (embed-login.ts).
  const storefront = useMemo(() => embeddingStorefront(), []);
  const stopWaiting = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWaiting.current?.(), []);

  // The element's `open` attribute (or the React prop) is the outside source of truth, when
  // it changes: the state starts from it, and Preact runs the first effects a frame after the
  // first render, after a `plateia-login-open` that may have come in between.
  const syncedOpen = useRef(open);
  useEffect(() => {
    if (syncedOpen.current === open) return;
    syncedOpen.current = open;
    setIsOpen(open);
  }, [open]);

  const changeOpen = useCallback(
    (next: boolean) => {
      setIsOpen(next);
      setGoogleWindowOpen(false);
      onOpenChange?.(next);
      // Reflect to the element so `el.open` and `[open]` styling tell the truth (a forced
      // toggle leaves an attribute already in that state untouched).
      container?.host.toggleAttribute('open', next);
    },
    [container, onOpenChange],
  );

  const openWith = useCallback(
    (prefill?: string) => {
      if (prefill) setEmail(prefill);
      setFormError('');
      setNotice('');
      changeOpen(true);
    },
    [changeOpen],
  );

  // An embedding page may have nobody else to read the stored session; reading it twice is harmless.
  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);

  // Spec §2: `?user=` opens the dialog prefilled once we know nobody is logged in.
  const queryHandled = useRef(false);
  useEffect(() => {
    // Effects only run in a browser, so `location` is there.
    if (queryHandled.current || authState === 'loading') return;
    queryHandled.current = true;
    const queryUser = new URLSearchParams(location.search).get('user');
    if (queryUser && !user) openWith(queryUser);
  }, [authState, user, openWith]);

  // Anyone on the page may ask for the dialog (the checkout gate, a host page's button),
  // including before this component has mounted: such a request waits in `pendingOpen`.
  // A layout effect, so a dialog that left the page stops listening at once (Preact runs
  // the cleanup of a plain effect a frame after the unmount, and the request went to it).
  useLayoutEffect(() => {
    openRequestListeners.add(openWith);
    if (pendingOpen) {
      const request = pendingOpen;
      pendingOpen = null;
      openWith(request.email);
    }
    return () => {
      openRequestListeners.delete(openWith);
    };
  }, [openWith]);

  // Session transitions become DOM events from this element, whoever caused them.
  useEffect(
    () =>
      $user.listen((current, previous) => {
        // The root <div> is there whenever this effect has run.
        const target = (container?.host ?? rootRef.current) as HTMLElement;
        if (current && !previous)
          emit(
            target,
            'plateia-login',
            storefront ? { id: current.id, firstName: current.namef ?? '' } : { user: current },
          );
        else if (!current && previous) emit(target, 'plateia-logout', {});
      }),
    [container, storefront],
  );

  // No memo needed: the dialog hook reads `onClose` at the time of the Escape.
  const close = (): void => {
    setRecoveryOpen(false);
    changeOpen(false);
  };

  // A login finished elsewhere (the Google window, another tab) leaves nothing to ask here.
  const isOpenNow = useRef(isOpen);
  isOpenNow.current = isOpen;
  useEffect(
    () =>
      $user.listen((current, previous) => {
        if (current && !previous && isOpenNow.current) {
          setRecoveryOpen(false);
          changeOpen(false);
        }
      }),
    [changeOpen],
  );

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

  const validateEmail = (value: string): boolean => {
    const valid = isValidEmail(value);
    setEmailError(valid ? '' : LOGIN_MESSAGES.invalidEmail);
    return valid;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setNotice('');
    const missing = !email.trim() || !password;
    setFormError(missing ? LOGIN_MESSAGES.required : '');
    if (missing) return;
    if (!validateEmail(email)) {
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      setPassword('');
      close();
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  // Opened in the click itself (no await before it), so the browser lets the popup through.
  const onEmbedLogin = (): void => {
    if (!storefront) return;
    stopWaiting.current?.();
    setFormError('');
    const nonce = newNonce();
    const popup = window.open(
      embedLoginUrl(storefront, location.origin, nonce),
      'plateia-login',
      'popup,width=480,height=720',
    );
    if (!popup) {
      setFormError(POPUP_BLOCKED_MESSAGE);
      return;
    }
    const onMessage = (event: MessageEvent): void => {
      const answer = readEmbedLogin(event, { storefront, popup, nonce });
      if (!answer) return;
      stopWaiting.current?.();
      startEmbedSession(answer.token, answer.user);
      close();
    };
    window.addEventListener('message', onMessage);
    stopWaiting.current = () => {
      window.removeEventListener('message', onMessage);
      stopWaiting.current = null;
    };
  };

  const onSignup = (): void => {
    close();
    const target = signupUrl || DEFAULT_SIGNUP_URL;
    // The short wait lets the closing dialog return focus before the page changes.
    setTimeout(() => navigate(target), SIGNUP_NAVIGATION_DELAY_MS);
  };

  const onRecovered = (message: string): void => {
    setRecoveryOpen(false);
    setFormError('');
    setNotice(message);
  };

  const emailErrorId = `${ids}-email-error`;
  const formErrorId = `${ids}-form-error`;

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
              <div className="form">
                <p className="hint">
                  Você entra na sua conta numa janela segura da Plateia. Este site não vê sua senha nem seus
                  dados pessoais.
                </p>
                <p id={formErrorId} className="form-error" role="alert">
                  {formError}
                </p>
                <button type="button" className="primary" part="submit-button" onClick={onEmbedLogin}>
                  Entrar com a Plateia
                </button>
              </div>
            ) : (
              <>
                <form className="form" noValidate onSubmit={onSubmit} aria-describedby={formErrorId}>
                  <div className="field">
                    <label htmlFor={`${ids}-email`}>E-mail</label>
                    <input
                      ref={emailRef}
                      id={`${ids}-email`}
                      part="input"
                      type="email"
                      name="email"
                      autoComplete="username"
                      inputMode="email"
                      value={email}
                      aria-invalid={emailError ? 'true' : undefined}
                      aria-describedby={emailError ? emailErrorId : undefined}
                      onChange={(event) => {
                        setEmail(event.currentTarget.value);
                        if (emailError) setEmailError('');
                      }}
                      onBlur={() => {
                        if (email.trim()) validateEmail(email);
                      }}
                    />
                    <p id={emailErrorId} className="field-error" aria-live="polite">
                      {emailError}
                    </p>
                  </div>

                  <div className="field">
                    <label htmlFor={`${ids}-password`}>Senha</label>
                    <div className="password">
                      <input
                        id={`${ids}-password`}
                        part="input"
                        type={showPassword ? 'text' : 'password'}
                        name="password"
                        autoComplete="current-password"
                        value={password}
                        onChange={(event) => setPassword(event.currentTarget.value)}
                      />
                      <button
                        type="button"
                        className="toggle"
                        part="password-toggle"
                        aria-pressed={showPassword}
                        aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
                        onClick={() => setShowPassword((shown) => !shown)}
                      >
                        {showPassword ? 'Ocultar' : 'Mostrar'}
                      </button>
                    </div>
                  </div>

                  <button
                    type="button"
                    className="link"
                    part="forgot-link"
                    onClick={() => {
                      setNotice('');
                      setRecoveryOpen(true);
                    }}
                  >
                    Esqueceu sua senha?
                  </button>

                  <p id={formErrorId} className="form-error" role="alert">
                    {formError}
                  </p>
                  <p className="notice" role="status">
                    {notice}
                  </p>

                  <button
                    type="submit"
                    className="primary"
                    part="submit-button"
                    disabled={submitting}
                    aria-busy={submitting}
                  >
                    Fazer Login com Email
                  </button>
                </form>

                <button
                  type="button"
                  className="google"
                  part="google-button"
                  disabled={googleRedirecting}
                  onClick={onGoogle}
                >
                  {googleMark}
                  Fazer Login com Google
                </button>
                <p className="notice" role="status">
                  {googleRedirecting
                    ? LOGIN_MESSAGES.googleRedirecting
                    : googleWindowOpen
                      ? LOGIN_MESSAGES.googleWindow
                      : ''}
                </p>

                <button type="button" className="secondary" part="signup-button" onClick={onSignup}>
                  Criar Conta Gratuita
                </button>
              </>
            )}
          </div>
        )}
      </dialog>
      <RecoveryDialog
        open={isOpen && recoveryOpen}
        initialEmail={email}
        onCancel={() => setRecoveryOpen(false)}
        onSent={onRecovered}
      />
    </div>
  );
}

interface RecoveryDialogProps {
  open: boolean;
  initialEmail: string;
  onCancel: () => void;
  onSent: (message: string) => void;
}

/** "Esqueceu sua senha?": asks for the recovery e-mail (spec §2, messages from §8). */
function RecoveryDialog({ open, initialEmail, onCancel, onSent }: RecoveryDialogProps): ReactNode {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const ids = useId();
  // The e-mail field is the dialog's first control, so it takes the focus on open.
  const dialog = useModalDialog({ open, onClose: onCancel });

  // Each opening starts from what the login form holds.
  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError('');
    }
  }, [open, initialEmail]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(LOGIN_MESSAGES.invalidEmail);
      inputRef.current?.focus();
      return;
    }
    setError('');
    setSending(true);
    try {
      onSent(await requestPasswordRecovery(email.trim()));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const errorId = `${ids}-error`;
  return (
    <dialog
      {...dialog}
      part="recovery"
      className="dialog recovery"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-hint`}
      aria-modal="true"
    >
      {open && (
        <form className="panel form" noValidate onSubmit={onSubmit}>
          <h2 id={`${ids}-title`} className="title" part="title">
            Esqueceu sua senha?
          </h2>
          <p id={`${ids}-hint`} className="hint">
            Informe o e-mail da sua conta para receber o link de recuperação.
          </p>
          <div className="field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input
              ref={inputRef}
              id={`${ids}-email`}
              part="input"
              type="email"
              name="recovery-email"
              autoComplete="email"
              inputMode="email"
              value={email}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={errorId}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="secondary" onClick={onCancel}>
              Cancelar
            </button>
            <button type="submit" className="primary" disabled={sending} aria-busy={sending}>
              Enviar
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

// The Google "G": one element, made once and reused by every render. Decorative, and
// (without a tabindex) never focusable in any browser the elements run in.
const googleMark = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="#4285F4"
      d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
    />
    <path
      fill="#34A853"
      d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24z"
    />
    <path fill="#FBBC05" d="M5.2 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
    <path
      fill="#EA4335"
      d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.2 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
    />
  </svg>
);
