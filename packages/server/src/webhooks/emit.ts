/**
 * Emitting webhook events (docs/integrations.md, "How an event reaches you"): the domain that
 * makes a change calls `emitWebhookEvent` inside its own transaction. The message and one
 * delivery per subscribed endpoint are written there (a transactional outbox), so an event is
 * sent if and only if its change commits; `dispatch.ts` turns deliveries into jobs.
 */
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectRows } from '../db/sql.ts';
import type { WebhookEventType } from './event-types.ts';
import { organisationOfSubject, webhookData } from './payloads.ts';
import { newMessageId } from './signature.ts';

/** The notification channel every process listens on to dispatch new deliveries at once. */
export const WEBHOOK_OUTBOX_CHANNEL = 'webhook_outbox';

/**
 * Records a `type` event about each of `subjectIds` (orders for `order.*`, tickets for
 * `ticket.*`, events for `event.*`) for the endpoints of its organisation that want it. Costs
 * one indexed read when nobody listens (the door calls this on every admitted scan).
 */
export async function emitWebhookEvent(
  tx: Queryable,
  type: WebhookEventType,
  subjectIds: number | readonly number[],
): Promise<void> {
  let emitted = false;
  for (const subjectId of typeof subjectIds === 'number' ? [subjectIds] : subjectIds) {
    const endpoints = await selectRows<{ id: number; organisation_id: number }>(
      tx,
      sql`SELECT id, organisation_id FROM webhook_endpoints
           WHERE organisation_id = ${organisationOfSubject(type, subjectId)}
             AND enabled AND ${type} = ANY(event_types)`,
    );
    if (endpoints.length === 0) continue;
    const data = await webhookData(tx, type, subjectId);
    if (!data) continue;
    const id = newMessageId();
    const payload = { type, timestamp: new Date().toISOString(), data };
    await execute(
      tx,
      sql`INSERT INTO webhook_messages (id, organisation_id, type, payload)
          VALUES (${id}, ${endpoints[0]!.organisation_id}, ${type}, ${JSON.stringify(payload)}::jsonb)`,
    );
    await execute(
      tx,
      sql`INSERT INTO webhook_deliveries (message_id, endpoint_id)
          SELECT ${id}, unnest(${`{${endpoints.map((endpoint) => Number(endpoint.id)).join(',')}}`}::int[])`,
    );
    emitted = true;
  }
  // Delivered at COMMIT only: every process's listener dispatches the new deliveries at once.
  if (emitted) await execute(tx, sql`SELECT pg_notify(${WEBHOOK_OUTBOX_CHANNEL}, 'new')`);
}
