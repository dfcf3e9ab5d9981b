import { ApiError } from '@plateia/core/api/client';
import {
  acceptInvitation,
  type InvitationPreview,
  ORGANISATION_CALL_FAILED,
  previewInvitation,
} from '@plateia/core/api/organisations';
import { ORGANISATION_MESSAGES, type OrganisationRole } from '@plateia/core/messages/organisations';
import { useCallback, useEffect, useState } from 'react';
import { AccountGate } from '../../components/AccountGate.tsx';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { ErrorCard } from '../../components/ErrorCard.tsx';
import { invitationTokenFrom, organisationPath, roleLabel } from '../../lib/producer-area.ts';

/**
 * `/produtor/convite#<token>`: the invitation an e-mail linked to. The token stays in the
 * fragment (never sent to the storefront); the signed-in account sees what it offers and
 * accepts it.
 */
export default function InvitationPage() {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login com a conta do e-mail convidado para ver o convite.">
        {() => <Invitation />}
      </AccountGate>
    </ErrorBoundary>
  );
}

type State =
  | { state: 'loading' }
  | { state: 'error' }
  | { state: 'refused'; message: string }
  | { state: 'preview'; token: string; preview: InvitationPreview; accepting: boolean; message?: string }
  | { state: 'accepted'; message: string; organisationId: number; name: string; role: OrganisationRole };

function Invitation() {
  const [view, setView] = useState<State>({ state: 'loading' });
  const read = useCallback(() => {
    const token = invitationTokenFrom(window.location.hash);
    if (!token) {
      setView({ state: 'refused', message: ORGANISATION_MESSAGES.invitationNotFound });
      return;
    }
    setView({ state: 'loading' });
    previewInvitation(token).then(
      (preview) => setView({ state: 'preview', token, preview, accepting: false }),
      (error) =>
        setView(
          error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 400)
            ? {
                state: 'refused',
                message: error.status === 400 ? ORGANISATION_MESSAGES.invitationNotFound : error.message,
              }
            : { state: 'error' },
        ),
    );
  }, []);
  useEffect(() => {
    read();
    // Another invitation link opened in this tab changes only the fragment: read it too.
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [read]);

  if (view.state === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (view.state === 'error') return <ErrorCard onRetry={read} />;
  if (view.state === 'refused') {
    return (
      <div className="card status-card" role="alert">
        <h2>Convite indisponível</h2>
        <p>{view.message}</p>
        <a className="btn btn-secondary" href="/produtor">
          Ir para a Área do Produtor
        </a>
      </div>
    );
  }
  if (view.state === 'accepted') {
    return (
      <div className="card status-card" role="status">
        <h2>{view.message}</h2>
        <p>
          Você agora faz parte de {view.name} como {roleLabel(view.role)}.
        </p>
        <a className="btn btn-primary" href={organisationPath(view.organisationId)}>
          Abrir {view.name}
        </a>
      </div>
    );
  }

  const { token, preview } = view;
  async function accept() {
    setView({ state: 'preview', token, preview, accepting: true });
    try {
      const answer = await acceptInvitation(token);
      // The fragment's token is spent: drop it from the address and the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      setView({
        state: 'accepted',
        message: answer.message,
        organisationId: answer.organisationId,
        name: preview.organisationName,
        role: answer.role,
      });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : ORGANISATION_CALL_FAILED;
      setView({ state: 'preview', token, preview, accepting: false, message });
    }
  }

  return (
    <div className="card status-card">
      <h2>
        {preview.organisationName} convidou você como {roleLabel(preview.role)}
      </h2>
      <p>Convite enviado para {preview.email}.</p>
      {view.message && (
        <p className="error" role="alert">
          {view.message}
        </p>
      )}
      <div className="status-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={view.accepting}
          onClick={() => void accept()}
        >
          Aceitar convite
        </button>
      </div>
    </div>
  );
}
