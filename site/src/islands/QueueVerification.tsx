import { useStore } from '@nanostores/react';
import { formatCount } from '@plateia/core/format/numbers';
import { QUEUE_LABELS as L, QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { type ShuffleCheck, verifyShuffle } from '@plateia/core/rules/queue-order';
import { $queueVerification, $queueVerificationEventId } from '@plateia/core/stores/queue';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';

/**
 * The public verification of a queue's shuffle (`/fila/{eventId}/verificar`): downloads the
 * pre-queue's public ids in the order the host gave, the commitment and the revealed seed, then
 * recomputes in this browser (Web Crypto) that sha256(seed) is the commitment published before
 * the sale, that the order is the ids sorted by HMAC-SHA256(seed, id), and the place of a code.
 * No account needed.
 */
export default function QueueVerification({ eventId }: { eventId: number }) {
  return (
    <ErrorBoundary>
      <Verify eventId={eventId} />
    </ErrorBoundary>
  );
}

function Verify({ eventId }: { eventId: number }) {
  const verification = useStore($queueVerification);
  const [code, setCode] = useState('');
  const [check, setCheck] = useState<ShuffleCheck | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setCode(new URLSearchParams(window.location.search).get('codigo') ?? '');
    $queueVerificationEventId.set(eventId);
  }, [eventId]);
  const data = verification.data ?? null;
  const error =
    verification.error && !data
      ? verification.error instanceof Error
        ? verification.error.message
        : QUEUE_MESSAGES.loadFailed
      : null;

  const run = async () => {
    if (!data?.seed) return;
    setBusy(true);
    setCheck(await verifyShuffle(data.commitment, data.seed, data.order, code));
    setBusy(false);
  };

  if (error) {
    return (
      <div className="card status-card" role="alert">
        <p>{error}</p>
      </div>
    );
  }
  if (!data) return <div className="card queue-skeleton" aria-busy="true" />;
  return (
    <div className="queue">
      <section className="card queue-facts">
        <p className="queue-commitment">
          <span className="muted">{L.commitment}:</span> <code>{data.commitment}</code>
        </p>
        {data.seed ? (
          <p className="queue-commitment">
            <span className="muted">{L.seed}:</span> <code data-testid="queue-seed">{data.seed}</code>
          </p>
        ) : (
          <p>{L.notRevealed}</p>
        )}
        <p className="muted">{formatCount(data.order.length)} códigos na pré-fila.</p>
      </section>
      {data.seed && (
        <form
          className="card queue-verify"
          onSubmit={(event) => {
            event.preventDefault();
            void run();
          }}
        >
          <label htmlFor="queue-code-input">{L.yourCode}</label>
          <input
            id="queue-code-input"
            className="input"
            value={code}
            maxLength={64}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {L.verify}
          </button>
          {check && (
            <div className="queue-result" aria-live="polite" data-testid="queue-result">
              <p data-ok={check.commitmentMatches}>
                {check.commitmentMatches ? L.commitmentOk : L.commitmentBad}
              </p>
              <p data-ok={check.orderMatches}>{check.orderMatches ? L.orderOk : L.orderBad}</p>
              {code.trim() !== '' && (
                <p>
                  {check.place === null ? (
                    L.notFound
                  ) : (
                    <>
                      {L.yourPlace}: <strong data-testid="queue-recomputed-place">{check.place}</strong>
                    </>
                  )}
                </p>
              )}
            </div>
          )}
        </form>
      )}
    </div>
  );
}
