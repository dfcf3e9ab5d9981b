import { completeGoogleLogin, takePendingGoogleLogin } from '@plateia/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { StatusCard } from '../components/StatusIcon.tsx';
import { openLoginDialog } from '../lib/login-dialog.ts';

/**
 * `/auth/callback#token=…&returnTo=…&login=…`: the API host sends the browser here after
 * Google sign-in. The token travels in the fragment so it never reaches a server log; it is
 * removed from the address bar at once. Core uses it only when `login` is the nonce of a
 * sign-in this tab started (a crafted link cannot sign anyone into another account), then
 * the person goes back where the login started.
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
    const token = fragment.get('token');
    const login = fragment.get('login');
    history.replaceState(null, '', window.location.pathname);
    if (!token) {
      // A refusal (or an incomplete return) ends the sign-in this tab started.
      takePendingGoogleLogin(login);
      // The fragment's own message is not shown: a crafted link could write anything there.
      setError('O retorno do Google chegou incompleto. Tente entrar novamente.');
      return;
    }
    completeGoogleLogin(token, { login, returnTo: fragment.get('returnTo') }).catch((failure: unknown) =>
      setError(failure instanceof Error ? failure.message : 'Não foi possível entrar com o Google.'),
    );
  }, []);

  if (error) {
    return (
      <StatusCard kind="error" title="Não foi possível entrar">
        <p>{error}</p>
        <div className="status-actions">
          <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
            Tentar novamente
          </button>
          <a className="btn btn-secondary" href="/">
            Ir para Home
          </a>
        </div>
      </StatusCard>
    );
  }
  return (
    <StatusCard kind="loading" title="Redirecionando...">
      <p>Aguarde enquanto o login do Google é processado.</p>
    </StatusCard>
  );
}
