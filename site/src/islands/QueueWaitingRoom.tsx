import { useStore } from '@nanostores/react';
import { $authState, $user } from '@plateia/core';
import { formatEventDateLong } from '@plateia/core/format/dates';
import { formatCount } from '@plateia/core/format/numbers';
import { QUEUE_LABELS as L } from '@plateia/core/messages/queue';
import {
  $queueEntry,
  $queueError,
  $queueState,
  $queueTransport,
  enterQueue,
  stopWatchingQueue,
  watchQueue,
} from '@plateia/core/stores/queue';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';

const QUEUE_ICON = 'M4 6h16v2H4zm0 5h10v2H4zm0 5h6v2H4zm13-5 4 3-4 3z';

/**
 * The waiting room of a high-demand event (`/fila/{eventId}`, docs/virtual-queue.md): joins
 * the queue, shows the place, the people ahead and the estimated wait pushed live (polling
 * when the push stream is unavailable), then the 10 minutes to buy with a link to the event.
 * The place lives on the API host, so a refresh or another device finds it again.
 */
export default function QueueWaitingRoom({ eventId, eventPath }: { eventId: number; eventPath: string }) {
  return (
    <ErrorBoundary>
      <WaitingRoom eventId={eventId} eventPath={eventPath} />
    </ErrorBoundary>
  );
}

function WaitingRoom({ eventId, eventPath }: { eventId: number; eventPath: string }) {
  const authState = useStore($authState);
  const user = useStore($user);
  const state = useStore($queueState);
  const entry = useStore($queueEntry);
  const error = useStore($queueError);
  const transport = useStore($queueTransport);
  const [joining, setJoining] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  // The server renders the skeleton (it knows no session); the first client render matches it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const loggedIn = authState === 'loggedIn' && user !== null;
  useEffect(() => {
    if (!loggedIn) return;
    watchQueue(eventId);
    return () => stopWatchingQueue();
  }, [eventId, loggedIn]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (!hydrated || authState === 'loading') return <div className="card queue-skeleton" aria-busy="true" />;
  if (!loggedIn) return <LoggedOutCard iconPath={QUEUE_ICON}>{L.login}</LoggedOutCard>;

  const join = async () => {
    setJoining(true);
    await enterQueue(eventId);
    setJoining(false);
  };
  const verifyHref = `/fila/${eventId}/verificar${entry?.publicId ? `?codigo=${encodeURIComponent(entry.publicId)}` : ''}`;
  const passLeft = entry?.passExpiresAt ? Math.max(0, Date.parse(entry.passExpiresAt) - now) : 0;

  return (
    <div className="queue" data-queue-status={entry?.status ?? 'loading'}>
      {state && (
        <section className="card queue-facts" aria-labelledby="queue-title">
          <h2 id="queue-title">{state.eventName}</h2>
          <p className="muted">
            {L.saleStartsAt}{' '}
            <time dateTime={state.saleStartsAt}>{formatEventDateLong(state.saleStartsAt)}</time>
          </p>
          <p className="queue-commitment">
            <span className="muted">{L.commitment}:</span> <code>{state.commitment}</code>
          </p>
          {state.seed ? (
            <p className="queue-commitment">
              <span className="muted">{L.seed}:</span> <code>{state.seed}</code>
            </p>
          ) : (
            <p className="muted">{L.seedHidden}</p>
          )}
        </section>
      )}

      <section className="card queue-entry" aria-live="polite">
        {error && (
          <p className="queue-error" role="alert">
            {error}
            {/CPF/.test(error) && (
              <>
                {' '}
                <a href="/settings/perfil">Minha Conta</a>
              </>
            )}
          </p>
        )}
        {(!entry || entry.status === 'none') && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={joining || !entry}
            onClick={() => void join()}
          >
            {joining ? L.joining : L.join}
          </button>
        )}
        {entry?.status === 'waiting' &&
          (entry.place === null ? (
            <p>{L.preQueue}</p>
          ) : (
            <dl className="queue-numbers">
              <div>
                <dt>{L.place}</dt>
                <dd data-testid="queue-place">{formatCount(entry.place)}</dd>
              </div>
              <div>
                <dt>{L.ahead}</dt>
                <dd data-testid="queue-ahead">{formatCount(entry.ahead ?? 0)}</dd>
              </div>
              {entry.estimatedWaitSeconds !== null && (
                <div>
                  <dt>{L.wait}</dt>
                  <dd>{L.minutes(Math.ceil(entry.estimatedWaitSeconds / 60))}</dd>
                </div>
              )}
            </dl>
          ))}
        {entry?.status === 'admitted' && (
          <div className="queue-admitted">
            <p className="queue-turn">{L.admitted}</p>
            <p className="muted">
              {L.place}: <span data-testid="queue-place">{entry.place}</span>
            </p>
            <p className="muted" data-testid="queue-pass-left">
              {Math.floor(passLeft / 60_000)}:
              {String(Math.floor((passLeft % 60_000) / 1000)).padStart(2, '0')}
            </p>
            <a className="btn btn-primary" href={eventPath}>
              {L.buy}
            </a>
          </div>
        )}
        {entry?.status === 'expired' && (
          <>
            <p>{L.expired}</p>
            <button type="button" className="btn btn-primary" disabled={joining} onClick={() => void join()}>
              {L.rejoin}
            </button>
          </>
        )}
        {entry?.publicId && (
          <p className="muted queue-code">
            {L.yourCode}: <code data-testid="queue-code">{entry.publicId}</code>
          </p>
        )}
        {transport === 'live' && <p className="muted queue-live">{L.live}</p>}
        <p>
          <a href={verifyHref}>{L.verify}</a>
        </p>
      </section>
    </div>
  );
}
