/**
 * A producer cancels an event (docs/refunds.md, "Event cancelled"): the event is marked
 * cancelled, every valid ticket of every paid order is refunded with its fee share (and the
 * orders' products), and each buyer is e-mailed in pt-BR.
 */
import { REFUND_ANSWER_MESSAGES } from '@plateia/core/messages/refunds';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { eventCancelledEmail } from './emails.ts';
import type { RefundDeps } from './payout.ts';
import { loadRefundOrder, refundOrderTickets, settleAfterCommit } from './request.ts';

/** What cancelling answered. */
export interface EventCancellation {
  eventId: number;
  ordersRefunded: number;
  refunds: number;
}

/**
 * Cancels `eventId` for `actor` (a producer, `isadmin` '1', and the event's producer: the
 * same rule as the door's check-in). 404 unknown event, 403 anyone else, 409 already
 * cancelled. Each order is refunded in its own transaction, so one failure does not undo the
 * others; a second call finds the event cancelled.
 */
export async function cancelEvent(
  db: Database,
  deps: RefundDeps,
  actor: { id: number; isadmin: string },
  eventId: number,
): Promise<EventCancellation> {
  const now = deps.now();
  const event = await db.transaction(async (tx) => {
    const row = await selectOne<{ id: number; name: string; producer_id: number | null; status: string }>(
      tx,
      sql`SELECT id, name, producer_id, status FROM events WHERE id = ${eventId} FOR UPDATE`,
    );
    if (!row) throw new HttpError(404, REFUND_ANSWER_MESSAGES.eventNotFound, 'not_found');
    if (actor.isadmin !== '1' || row.producer_id === null || Number(row.producer_id) !== actor.id) {
      throw new HttpError(403, REFUND_ANSWER_MESSAGES.producerOnly, 'forbidden');
    }
    if (row.status === 'cancelled') {
      throw new HttpError(409, REFUND_ANSWER_MESSAGES.eventAlreadyCancelled, 'already_cancelled');
    }
    await execute(
      tx,
      sql`UPDATE events SET status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz WHERE id = ${eventId}`,
    );
    return row;
  });
  const result = await refundCancelledEvent(db, deps, eventId);
  await notifyBuyers(db, deps, eventId, event.name);
  return { eventId, ...result };
}

/**
 * Refunds every paid order of a cancelled event that still has valid tickets (or products):
 * the body of the producer's call, and safe to run again (it skips what is refunded).
 */
export async function refundCancelledEvent(
  db: Database,
  deps: RefundDeps,
  eventId: number,
): Promise<{ ordersRefunded: number; refunds: number }> {
  const orders = await selectRows<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o WHERE o.event_id = ${eventId} AND o.status = 'paid' ORDER BY o.id`,
  );
  let ordersRefunded = 0;
  let refunds = 0;
  for (const { id } of orders) {
    const ids = await db.transaction(async (tx) => {
      const order = await loadRefundOrder(tx, Number(id), true);
      if (order?.event.status !== 'cancelled') return [];
      return refundOrderTickets(tx, order, 'event_cancelled', deps.now());
    });
    if (ids.length === 0) continue;
    ordersRefunded += 1;
    refunds += ids.length;
    await settleAfterCommit(db, deps, ids);
  }
  return { ordersRefunded, refunds };
}

/** One pt-BR e-mail per buyer with refunds from this event; a mail failure never undoes a refund. */
async function notifyBuyers(
  db: Database,
  deps: RefundDeps,
  eventId: number,
  eventName: string,
): Promise<void> {
  if (!deps.mailer) return;
  const buyers = await selectRows<{
    email: string;
    namef: string;
    cents: string | number;
    tickets: string | number;
  }>(
    db,
    sql`SELECT c.email, c.namef, sum(r.amount_cents) AS cents, count(r.ticket_id) AS tickets
        FROM refunds r JOIN orders o ON o.id = r.order_id JOIN customers c ON c.id = r.customer_id
        WHERE o.event_id = ${eventId} AND r.reason = 'event_cancelled'
        GROUP BY c.email, c.namef ORDER BY c.email`,
  );
  for (const buyer of buyers) {
    try {
      await deps.mailer.send(
        eventCancelledEmail({
          to: buyer.email,
          name: buyer.namef,
          eventName,
          amountCents: Number(buyer.cents),
          ticketCount: Number(buyer.tickets),
          ticketsUrl: `${deps.siteUrl.replace(/\/$/, '')}/mytickets`,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, eventId }, 'event cancellation e-mail failed');
    }
  }
}
