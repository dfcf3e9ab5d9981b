/**
 * The login popup of producer pages (`/conta/conectar?origin=…&nonce=…`, docs/security.md
 * "Contas em páginas de produtores"). Signs the customer in with the storefront's own login
 * dialog (password and Google), then asks "Permitir que {origin} use sua conta para
 * comprar?". On "Permitir" it asks the API host for an embed token bound to that origin and
 * posts it, with the nonce and `{ id, firstName }` only, to `window.opener` at that exact
 * origin (never '*'), then closes. Without an opener it refuses and says why.
 */

import { useStore } from '@nanostores/react';
import { $authState, $user, initSession } from '@plateia/core/stores/session';
import { grantEmbedToken } from '@plateia/core/stores/sessions';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  EMBED_LOGIN_MESSAGE,
  type EmbedLoginMessage,
} from '../../../packages/widgets/src/elements/login/embed-login.ts';
import { exactOrigin, NONCE } from '../../../packages/widgets/src/shared/storefront-origin.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { StatusCard } from '../components/StatusIcon.tsx';
import { openLoginDialog } from '../lib/login-dialog.ts';

export default function EmbedConnectPage(): ReactNode {
  return (
    <ErrorBoundary>
      <Connect />
    </ErrorBoundary>
  );
}

function Refusal({ reason }: { reason: string }): ReactNode {
  return (
    <StatusCard kind="error" title="Não foi possível conectar">
      <p>{reason}</p>
    </StatusCard>
  );
}

function Connect(): ReactNode {
  const authState = useStore($authState);
  const user = useStore($user);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  const params = new URLSearchParams(location.search);
  const origin = exactOrigin(params.get('origin'));
  const nonce = params.get('nonce') ?? '';
  const opener = window.opener as Window | null;
  const hasOpener = opener !== null;
  const usable = origin !== null && origin !== location.origin && NONCE.test(nonce);

  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);

  // Logged out: the storefront's login dialog opens by itself, once.
  useEffect(() => {
    if (!usable || !hasOpener || authState !== 'loggedOut' || asked.current) return;
    asked.current = true;
    void openLoginDialog();
  }, [authState, usable, hasOpener]);

  if (!usable)
    return <Refusal reason="Endereço de conexão inválido. Volte ao site e clique em Entrar novamente." />;
  if (!opener)
    return (
      <Refusal reason="Esta página só funciona aberta pelo botão Entrar de um site parceiro. Volte ao site e clique em Entrar." />
    );
  if (authState === 'loading') return <p role="status">Carregando...</p>;
  if (authState === 'loggedOut' || !user)
    return (
      <div className="card">
        <p>Entre na sua conta Plateia para comprar em {origin}.</p>
        <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
          Entrar
        </button>
      </div>
    );

  const allow = async (): Promise<void> => {
    setBusy(true);
    setError('');
    try {
      const grant = await grantEmbedToken(origin);
      const message: EmbedLoginMessage = {
        type: EMBED_LOGIN_MESSAGE,
        nonce,
        token: grant.token,
        expiresAt: grant.expiresAt,
        user: { id: grant.user.id, firstName: grant.user.firstName },
      };
      // Only the page that opened this popup, at the origin it named, can read this.
      opener.postMessage(message, origin);
      window.close();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Não foi possível conectar sua conta.');
      setBusy(false);
    }
  };

  return (
    <div className="card">
      <p>
        Conectado como <strong>{user.namef || user.user}</strong>.
      </p>
      <h2>Permitir que {origin} use sua conta para comprar?</h2>
      <p className="muted">
        O site poderá reservar ingressos e pagar pedidos seus por até 2 horas. Ele não verá seu e-mail,
        documentos, telefone, endereço nem seus ingressos.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="status-actions">
        <button type="button" className="btn btn-primary" disabled={busy} aria-busy={busy} onClick={allow}>
          Permitir
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => window.close()}>
          Não permitir
        </button>
      </div>
    </div>
  );
}
