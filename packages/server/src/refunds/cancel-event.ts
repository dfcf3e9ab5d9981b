/**
 * A producer cancels an event (docs/refunds.md, "Event cancelled"): the event is marked
 * cancelled and, as the `refunds.cancel-event` job enlisted in that same transaction, every
 * paid ticket (valid or used) of every paid order is refunded with its fee share (and the
 * orders' products) and each buyer is e-mailed in pt-BR. A resold ticket's sale is undone
 * first (its buyer paid from the held price), which revives the seller's ticket, refunded in
 * turn. An event that has ended can no longer be cancelled: its resale proceeds are then
 * released to the sellers (docs/resale.md).
 */
import { REFUND_ANSWER_MESSAGES } from '@plateia/core/messages/refunds';
import { RESALE_PROCEEDS_MESSAGES } from '@plateia/core/messages/resale';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, selectOne, selectRows } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { requireEventPower } from '../organisations/access.ts';
import { HttpError } from '../plugins/errors.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { eventCancelledEmail } from './emails.ts';
import type { RefundDeps } from './payout.ts';
import { loadRefundOrder, refundOrderTickets, settleAfterCommit } from './request.ts';

/** The job that refunds a cancelled event's buyers. */
export const CANCEL_EVENT_JOB = 'refunds.cancel-event';

/** What cancelling answered: what the job will refund. */
export interface EventCancellation {
  eventId: number;
  ordersToRefund: number;
  ticketsToRefund: number;
}

/**
 * Cancels `eventId` for `actor`, an owner or manager of the event's organisation
 * (`events.cancel`, docs/producers.md): 403 for a customer or a role without the power, 404
 * for an unknown event or another organisation's, 409 already cancelled or already ended. The refunds run as a job that exists if and only if the
 * cancellation committed.
 */
export async function cancelEvent(
  db: Database,
  deps: Pick<RefundDeps, 'now'> & { jobs: JobQueue },
  actor: { id: number; isadmin: string },
  eventId: number,
): Promise<EventCancellation> {
  const now = deps.now();
  await requireEventPower(db, eventId, actor.id, 'events.cancel', {
    notProducer: REFUND_ANSWER_MESSAGES.producerOnly,
    notFound: REFUND_ANSWER_MESSAGES.eventNotFound,
    forbidden: REFUND_ANSWER_MESSAGES.producerOnly,
  });
  return db.transaction(async (tx) => {
    const row = await selectOne<{ id: number; status: string; ended: boolean }>(
      tx,
      sql`SELECT id, status, ends_at <= ${now.toISOString()}::timestamptz AS ended
          FROM events WHERE id = ${eventId} FOR UPDATE`,
    );
    if (!row) throw new HttpError(404, REFUND_ANSWER_MESSAGES.eventNotFound, 'not_found');
    if (row.status === 'cancelled') {
      throw new HttpError(409, REFUND_ANSWER_MESSAGES.eventAlreadyCancelled, 'already_cancelled');
    }
    // The event happened: its resale sellers are (or are about to be) paid, and its tickets
    // were for a show that took place. The row lock keeps the release job out meanwhile.
    if (row.ended) throw new HttpError(409, RESALE_PROCEEDS_MESSAGES.eventEnded, 'event_ended');
    await execute(
      tx,
      sql`UPDATE events SET status = 'cancelled', updated_at = ${now.toISOString()}::timestamptz WHERE id = ${eventId}`,
    );
    await emitWebhookEvent(tx, 'event.cancelled', eventId);
    // Paid tickets still held (valid or used) and resold ones whose sale will be undone.
    const due = await selectOne<{ orders: string | number; tickets: string | number }>(
      tx,
      sql`SELECT count(DISTINCT o.id) AS orders, count(t.id) AS tickets
          FROM orders o JOIN tickets t ON t.order_id = o.id
          WHERE o.event_id = ${eventId} AND o.status = 'paid'
            AND (t.status IN ('valid', 'used')
                 OR (t.status = 'resold' AND EXISTS (
                   SELECT 1 FROM resale_listings l WHERE l.ticket_id = t.id AND l.status = 'sold'
                     AND l.proceeds_released_at IS NULL AND l.undone_at IS NULL)))`,
    );
    await deps.jobs.send(CANCEL_EVENT_JOB, { eventId }, { tx, singletonKey: `event:${eventId}` });
    return { eventId, ordersToRefund: Number(due?.orders ?? 0), ticketsToRefund: Number(due?.tickets ?? 0) };
  });
}

/**
 * The `refunds.cancel-event` job: refunds every buyer of the cancelled event and e-mails each
 * one. Safe to run again: refunded tickets are skipped and only new refunds are told.
 * Answers how many refunds it made.
 */
export async function refundEventBuyers(db: Database, deps: RefundDeps, eventId: number): Promise<number> {
  const event = await selectOne<{ name: string; status: string }>(
    db,
    sql`SELECT name, status FROM events WHERE id = ${eventId}`,
  );
  if (event?.status !== 'cancelled') return 0;
  const ids = await refundCancelledEvent(db, deps, eventId);
  if (ids.length > 0) await notifyBuyers(db, deps, ids, event.name);
  return ids.length;
}

/**
 * Refunds every paid order of a cancelled event that still has paid tickets (or products),
 * each order in its own transaction so one failure does not undo the others. Newest orders
 * first: a resale order is always newer than the order of the ticket it resold, so undoing
 * a sale revives a ticket whose order comes later in the pass; a further pass catches any
 * left (it finds nothing when the first got everything). Answers the new refunds' ids.
 */
export async function refundCancelledEvent(
  db: Database,
  deps: RefundDeps,
  eventId: number,
): Promise<number[]> {
  const all: number[] = [];
  for (let pass = 0; pass < 10; pass++) {
    const orders = await selectRows<{ id: number }>(
      db,
      sql`SELECT o.id FROM orders o WHERE o.event_id = ${eventId} AND o.status = 'paid' ORDER BY o.id DESC`,
    );
    let made = 0;
    for (const { id } of orders) {
      const ids = await db.transaction(async (tx) => {
        const order = await loadRefundOrder(tx, Number(id), true);
        if (order?.event.status !== 'cancelled') return [];
        return refundOrderTickets(tx, order, 'event_cancelled', deps.now());
      });
      if (ids.length === 0) continue;
      made += ids.length;
      all.push(...ids);
      await settleAfterCommit(db, deps, ids);
    }
    if (made === 0) break;
  }
  return all;
}

/** One pt-BR e-mail per buyer of these refunds; a mail failure never undoes a refund. */
async function notifyBuyers(
  db: Database,
  deps: RefundDeps,
  refundIds: number[],
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
        FROM refunds r JOIN customers c ON c.id = r.customer_id
        WHERE r.id IN (${sql.join(refundIds, sql`, `)})
        GROUP BY c.email, c.namef ORDER BY c.email`,
  );
  for (const buyer of buyers) {
    try {
      await deps.mailer.send(
        eventCancelledEmail({
          to: buyer.email,
          name: buyer.namef ?? '',
          eventName,
          amountCents: Number(buyer.cents),
          ticketCount: Number(buyer.tickets),
          ticketsUrl: `${deps.siteUrl.replace(/\/$/, '')}/mytickets`,
        }),
      );
    } catch (error) {
      deps.log.error({ err: error, to: buyer.email }, 'event cancellation e-mail failed');
    }
  }
}
