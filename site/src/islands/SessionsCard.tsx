import { useStore } from '@nanostores/react';
import { $authState, $user } from '@plateia/core';
import { formatDateTime } from '@plateia/core/format/dates';
import { describeUserAgent, SESSION_LIST_MESSAGES as M } from '@plateia/core/messages/sessions';
import { $sessionRevoke, $sessionRevokeAll, $sessions } from '@plateia/core/stores/sessions';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';

/**
 * "Sessões ativas" on `/settings/perfil`: the account's logins (device from the user agent,
 * when it signed in, when it was last used, this one marked), ending one, and "Sair de
 * todos os dispositivos", which ends them all, this one included.
 */
export default function SessionsCard() {
  return (
    <ErrorBoundary>
      <Sessions />
    </ErrorBoundary>
  );
}

function Sessions() {
  const authState = useStore($authState);
  const user = useStore($user);
  // The server renders nothing; the first client render must match it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState !== 'loggedIn' || !user) return null;
  // Keyed by account: a login as someone else in another tab reloads the list.
  return <SessionList key={user.id} />;
}

function SessionList() {
  const list = useStore($sessions);
  const revoke = useStore($sessionRevoke);
  const revokeAll = useStore($sessionRevokeAll);
  const sessions = list.data ?? null;
  const error = list.error ? (list.error instanceof Error ? list.error.message : M.loadFailed) : null;
  const busy = revoke.loading || revokeAll.loading;
  const endAll = () => {
    if (!window.confirm(M.revokeAllConfirm)) return;
    void revokeAll.mutate();
  };

  return (
    <section className="card sessions-card" aria-labelledby="sessions-title" aria-busy={sessions === null}>
      <h2 id="sessions-title">{M.title}</h2>
      <p className="muted">{M.lead}</p>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {sessions === null && !error && <p className="muted">{M.loading}</p>}
      {sessions?.length === 0 && <p className="muted">{M.empty}</p>}
      {sessions && sessions.length > 0 && (
        <ul className="sessions-list">
          {sessions.map((session) => {
            const device = describeUserAgent(session.userAgent);
            return (
              <li key={session.id} className="session-row" data-current={session.current || undefined}>
                <div className="session-head">
                  <strong>{device}</strong>
                  {session.current && <span className="badge badge-success">{M.current}</span>}
                </div>
                <p className="muted">
                  {M.createdAt} <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
                  {' · '}
                  {M.lastUsedAt}{' '}
                  <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
                </p>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={M.revokeLabel(session.current ? M.current : device)}
                  disabled={busy}
                  onClick={() => void revoke.mutate(session)}
                >
                  {M.revoke}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button type="button" className="btn btn-danger" disabled={busy} onClick={endAll}>
        {M.revokeAll}
      </button>
    </section>
  );
}
