import {
  $redirectAfterLogin,
  completeGoogleLogin,
  isSameSitePath,
  setRedirectAfterLogin,
} from '@plateia/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { StatusIcon } from '../components/StatusIcon.tsx';
import { openLoginDialog } from '../lib/login-dialog.ts';

/**
 * `/auth/callback#token=…&returnTo=…`: the API host sends the browser here after Google
 * sign-in. The token travels in the fragment so it never reaches a server log; it is
 * removed from the address bar at once, then the session is completed and the person
 * goes back where the login started (core follows the redirect-after-login address).
 */
export default function GoogleCallback() {
  return (
    <ErrorBoundary>
      <Callback />
    </ErrorBoundary>
  );
}

function Callback() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const query = new URLSearchParams(window.location.search);
    const token = fragment.get('token');
    const returnTo = fragment.get('returnTo') ?? query.get('returnTo');
    history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setError('O retorno do Google chegou incompleto. Tente entrar novamente.');
      return;
    }
    // Core navigates to the stored address after login; make sure there is one.
    if (isSameSitePath(returnTo)) setRedirectAfterLogin(returnTo);
    else if (!$redirectAfterLogin.get()) setRedirectAfterLogin('/');
    completeGoogleLogin(token).catch((failure: unknown) =>
      setError(failure instanceof Error ? failure.message : 'Não foi possível entrar com o Google.'),
    );
  }, []);

  if (error) {
    return (
      <div className="card status-card" role="alert">
        <StatusIcon kind="error" />
        <h2>Não foi possível entrar</h2>
        <p>{error}</p>
        <div className="status-actions">
          <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
            Tentar novamente
          </button>
          <a className="btn btn-secondary" href="/">
            Ir para Home
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="card status-card" aria-live="polite">
      <StatusIcon kind="loading" />
      <h2>Redirecionando...</h2>
      <p>Aguarde enquanto o login do Google é processado.</p>
    </div>
  );
}
