import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { readPass } from './passes.ts';
import { isGated, queueEvent } from './queue.ts';

/** What the gate checks on a hold, reservation or payment call. */
export interface GateInput {
  eventId: number;
  /** The session's customer, or null for a visitor (who never has a pass). */
  customerId: number | null;
  /** The `X-Queue-Pass` header's value. */
  pass: string | string[] | undefined;
  now: Date;
}

/**
 * Lets the call through when the event has no active queue, or when it carries a valid pass:
 * signed by this database's key, not expired, for this event and this customer, and still the
 * entry's live pass. Otherwise 403 with a pt-BR message (`queue_pass_required`,
 * `queue_pass_invalid`, `queue_pass_expired`). The pass's first use is recorded: from then on
 * the buyer's hold or reservation counts against checkout capacity instead of the pass.
 */
export async function requireQueuePass(db: Queryable, input: GateInput): Promise<void> {
  const event = await queueEvent(db, input.eventId);
  if (!event || !isGated(event, input.now)) return;
  const token = Array.isArray(input.pass) ? input.pass[0] : input.pass;
  if (!token) throw new HttpError(403, QUEUE_MESSAGES.passRequired, 'queue_pass_required');
  if (token.length > 4096) throw new HttpError(403, QUEUE_MESSAGES.passInvalid, 'queue_pass_invalid');
  const claims = await readPass(db, token, input.now);
  if (!claims.ok) {
    if (claims.reason === 'expired')
      throw new HttpError(403, QUEUE_MESSAGES.passExpired, 'queue_pass_expired');
    throw new HttpError(403, QUEUE_MESSAGES.passInvalid, 'queue_pass_invalid');
  }
  if (claims.eventId !== input.eventId || claims.customerId !== input.customerId) {
    throw new HttpError(403, QUEUE_MESSAGES.passInvalid, 'queue_pass_invalid');
  }
  const entry = await selectOne<{ id: number }>(
    db,
    sql`UPDATE virtual_queue_entries SET pass_used_at = COALESCE(pass_used_at, ${input.now})
        WHERE event_id = ${input.eventId} AND customer_id = ${input.customerId} AND status = 'admitted'
          AND pass_id = ${claims.passId} AND pass_expires_at > ${input.now}
        RETURNING id`,
  );
  if (!entry) throw new HttpError(403, QUEUE_MESSAGES.passInvalid, 'queue_pass_invalid');
}

/** The event of a customer's order (for the payment routes' gate), or null when none. */
export async function eventOfOrder(
  db: Queryable,
  orderId: number,
  customerId: number,
): Promise<number | null> {
  const row = await selectOne<{ event_id: number }>(
    db,
    sql`SELECT event_id FROM orders WHERE id = ${orderId} AND customer_id = ${customerId}`,
  );
  return row?.event_id ?? null;
}
