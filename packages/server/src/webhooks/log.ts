/**
 * The delivery log and manual redelivery (docs/integrations.md, "Delivery log"): what was
 * sent to each endpoint, every attempt's answer, and sending one again.
 */
import type { WebhookAttempt, WebhookDelivery } from '@plateia/core/contracts/integrations';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, selectOne, selectRows } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { HttpError } from '../plugins/errors.ts';
import { WEBHOOK_DELIVER_JOB } from './delivery.ts';
import { WEBHOOK_MESSAGES } from './messages.ts';

/** One try of a delivery. */
export type WebhookAttemptView = WebhookAttempt;

/** One message to one endpoint, with its tries (newest first). */
export type WebhookDeliveryView = WebhookDelivery;

/** Deliveries of the organisation's endpoints, newest first, `limit` after `before` (an id). */
export async function listDeliveries(
  db: Database,
  organisationId: number,
  query: { endpointId?: number; before?: number; limit: number },
): Promise<{ deliveries: WebhookDeliveryView[]; nextBefore: number | null }> {
  const rows = await selectRows<{
    id: number;
    endpoint_id: number;
    message_id: string;
    type: string;
    status: WebhookDeliveryView['status'];
    created_at: string | Date;
    payload: unknown;
    attempts: WebhookAttemptView[] | null;
  }>(
    db,
    sql`SELECT d.id, d.endpoint_id, d.message_id, m.type, d.status, d.created_at, m.payload,
               (SELECT json_agg(json_build_object(
                         'attempt', a.attempt, 'manual', a.manual, 'statusCode', a.status_code,
                         'durationMs', a.duration_ms, 'error', a.error, 'attemptedAt', a.attempted_at)
                         ORDER BY a.id DESC)
                  FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
          FROM webhook_deliveries d
          JOIN webhook_endpoints w ON w.id = d.endpoint_id
          JOIN webhook_messages m ON m.id = d.message_id
         WHERE w.organisation_id = ${organisationId}
           AND (${query.endpointId ?? null}::int IS NULL OR d.endpoint_id = ${query.endpointId ?? null}::int)
           AND (${query.before ?? null}::int IS NULL OR d.id < ${query.before ?? null}::int)
         ORDER BY d.id DESC
         LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  return {
    deliveries: page.map((row) => ({
      id: Number(row.id),
      endpointId: Number(row.endpoint_id),
      messageId: row.message_id,
      type: row.type,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      attempts: (typeof row.attempts === 'string' ? JSON.parse(row.attempts) : (row.attempts ?? [])).map(
        (attempt: WebhookAttemptView) => ({
          ...attempt,
          attemptedAt: new Date(attempt.attemptedAt).toISOString(),
        }),
      ),
    })),
    nextBefore: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}

/**
 * Sends a delivery again, whatever became of it (an owner or manager asks): one more try,
 * as a job, with the same message id. 404 for another organisation's; 409 while it is being
 * sent.
 */
export async function redeliver(
  db: Database,
  jobs: JobQueue,
  organisationId: number,
  deliveryId: number,
): Promise<void> {
  const found = await selectOne<{ id: number }>(
    db,
    sql`SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id
         WHERE d.id = ${deliveryId} AND w.organisation_id = ${organisationId}`,
  );
  if (!found) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound, 'not_found');
  await db.transaction(async (tx) => {
    const reopened = await execute(
      tx,
      sql`UPDATE webhook_deliveries SET status = 'pending', queued_at = now()
           WHERE id = ${deliveryId} AND (claimed_until IS NULL OR claimed_until < now())`,
    );
    if (reopened === 0) throw new HttpError(409, WEBHOOK_MESSAGES.redeliveryBusy, 'busy');
    await jobs.send(WEBHOOK_DELIVER_JOB, { deliveryId, manual: true }, { tx, retryLimit: 0 });
  });
}
