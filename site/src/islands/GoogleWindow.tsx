import { useStore } from '@nanostores/react';
import { $authState, initSession, startGoogleLogin } from '@plateia/core/stores/session';
import { type ReactNode, useEffect } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { StatusCard } from '../components/StatusIcon.tsx';

/** Where the Google window ends, after `/auth/callback` has stored the session. */
export const GOOGLE_WINDOW_DONE_PATH = '/conta/conectado';

/**
 * The Google sign-in window the login popup of producer pages opens (`google-window` of
 * `<plateia-login>`, docs/security.md "Google no popup"). `start` (`/conta/google`) sends
 * this window to Google at once, to come back to `done` (`/conta/conectado`) through
 * `/auth/callback`; the popup that opened it hears of the login through the stored session
 * (another window's storage event), since Google's pages may cut this window's opener.
 * `done` says so and closes the window.
 */
export default function GoogleWindow({ step }: { step: 'start' | 'done' }): ReactNode {
  return <ErrorBoundary>{step === 'start' ? <Start /> : <Done />}</ErrorBoundary>;
}

function Start(): ReactNode {
  useEffect(() => startGoogleLogin(GOOGLE_WINDOW_DONE_PATH), []);
  return (
    <StatusCard kind="loading" title="Redirecionando...">
      <p>Aguarde enquanto o login do Google é aberto.</p>
    </StatusCard>
  );
}

function Done(): ReactNode {
  const authState = useStore($authState);
  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);
  useEffect(() => {
    // A window a script opened may close itself; any other stays with the notice.
    if (authState === 'loggedIn') window.close();
  }, [authState]);

  if (authState === 'loading') return <p role="status">Carregando...</p>;
  if (authState === 'loggedOut')
    return (
      <StatusCard kind="error" title="Login não concluído">
        <p>Feche esta janela e tente entrar novamente.</p>
      </StatusCard>
    );
  return (
    <StatusCard kind="success" title="Login concluído">
      <p>Pode fechar esta janela e voltar à janela da Plateia.</p>
    </StatusCard>
  );
}
