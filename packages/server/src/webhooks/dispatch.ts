/**
 * From outbox to jobs (docs/integrations.md, "How an event reaches you"): each delivery
 * written by `emitWebhookEvent` becomes one `webhooks.deliver` job, enlisted in the same
 * transaction that marks it queued. The rows are taken with SKIP LOCKED, so two processes
 * dispatching at once queue each delivery once. Every process dispatches when the outbox
 * notifies it (at the emitting transaction's commit), and the `webhooks.dispatch` job sweeps
 * every minute for anything a lost notification left behind.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { notificationFanOut } from '../db/notifications.ts';
import { execute, selectRows } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { WEBHOOK_DELIVER_JOB, WEBHOOK_MAX_ATTEMPTS } from './delivery.ts';
import { WEBHOOK_OUTBOX_CHANNEL } from './emit.ts';

/** The sweep job (registered in jobs/registry.ts). */
export const WEBHOOK_DISPATCH_JOB = 'webhooks.dispatch';

/** The deliver job's retry limit: every attempt after the first is a pg-boss retry. */
export const WEBHOOK_RETRY_LIMIT = WEBHOOK_MAX_ATTEMPTS - 1;

/** Queues a job for every delivery not queued yet; answers how many. */
export async function dispatchWebhooks(db: Database, jobs: JobQueue): Promise<number> {
  let total = 0;
  for (;;) {
    const queued = await db.transaction(async (tx) => {
      const rows = await selectRows<{ id: number }>(
        tx,
        sql`SELECT id FROM webhook_deliveries WHERE queued_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
      );
      for (const row of rows) {
        await jobs.send(WEBHOOK_DELIVER_JOB, { deliveryId: Number(row.id) }, { tx });
      }
      if (rows.length > 0) {
        await execute(
          tx,
          sql`UPDATE webhook_deliveries SET queued_at = now()
               WHERE id = ANY(${`{${rows.map((row) => Number(row.id)).join(',')}}`}::int[])`,
        );
      }
      return rows.length;
    });
    total += queued;
    if (queued < 100) return total;
  }
}

/**
 * Listens for the outbox's notifications and dispatches at once (processes that work jobs).
 * Answers the function that stops listening.
 */
export async function listenForWebhooks(
  db: Database,
  jobs: JobQueue,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const fanOut = notificationFanOut<'outbox', null>(db, WEBHOOK_OUTBOX_CHANNEL, () => ({
    key: 'outbox',
    value: null,
  }));
  let running: Promise<void> | null = null;
  let again = false;
  const dispatch = () => {
    // One dispatch at a time per process; a notification meanwhile runs one more after it.
    if (running) {
      again = true;
      return;
    }
    running = dispatchWebhooks(db, jobs)
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          dispatch();
        }
      });
  };
  await fanOut.subscribe('outbox', dispatch);
  return async () => {
    await fanOut.close();
    await running;
  };
}
