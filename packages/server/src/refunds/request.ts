/**
 * Asking for a refund (docs/refunds.md): the ticket dies at once (holder version bump, its
 * seat or lot unit back in stock), the refund row and its ledger movement are written in the
 * same transaction, and the money leaves afterwards (payout.ts). Duplicate and concurrent
 * requests meet the order's row lock and the one-refund-per-ticket index: one refund.
 */
import { REFUND_ANSWER_MESSAGES, REFUND_POLICY_MESSAGES } from '@plateia/core/messages/refunds';
import { RESALE_PROCEEDS_MESSAGES } from '@plateia/core/messages/resale';
import { type RefundPolicyAnswer, refundPolicy } from '@plateia/core/rules/refund-policy';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { type LedgerLeg, postMovement } from '../ledger/index.ts';
import { releaseMeiaOfTicket } from '../meia-entrada/door.ts';
import { HttpError } from '../plugins/errors.ts';
import { cancelOpenListingOf } from '../resale/listings.ts';
import { type ResaleOrigin, resaleOriginOf, undoResale } from '../resale/settlement.ts';
import { returnSoldSeat } from '../seat-hold/seats.ts';
import { returnSoldLotUnit } from '../stock/lots.ts';
import { cancelPendingTransferOf } from '../ticket-transfers/transfers.ts';
import { bumpHolderVersion } from '../tickets/holder.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { orderShares, orderSources } from './amounts.ts';
import { processRefund, type RefundDeps } from './payout.ts';
import { insertSplitRefund, type RefundRow, refundById, refundsWhere } from './records.ts';

/** Why a refund is made. */
export type RefundReason = RefundRow['reason'];

/** An order as refunds read it (locked by the caller when deciding). */
export interface RefundOrder {
  id: number;
  customerId: number;
  eventId: number;
  status: string;
  paidAt: Date | null;
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  totalCents: number;
  event: { startsAt: Date; status: string; changedAt: Date | null };
}

/** Reads (and with `lock`, locks) an order with its event. */
export async function loadRefundOrder(
  db: Queryable,
  orderId: number,
  lock = false,
): Promise<RefundOrder | null> {
  const row = await selectOne<Record<string, string | number | Date | null>>(
    db,
    sql`SELECT o.id, o.customer_id, o.event_id, o.status, o.paid_at, o.subtotal_cents, o.discount_cents,
               o.fee_cents, o.total_cents, e.starts_at, e.status AS event_status, e.changed_at
        FROM orders o JOIN events e ON e.id = o.event_id WHERE o.id = ${orderId}
        ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    customerId: Number(row.customer_id),
    eventId: Number(row.event_id),
    status: String(row.status),
    paidAt: row.paid_at ? new Date(row.paid_at) : null,
    subtotalCents: Number(row.subtotal_cents),
    discountCents: Number(row.discount_cents),
    feeCents: Number(row.fee_cents),
    totalCents: Number(row.total_cents),
    event: {
      startsAt: new Date(row.starts_at as string),
      status: String(row.event_status),
      changedAt: row.changed_at ? new Date(row.changed_at) : null,
    },
  };
}

/** The policy for an order's tickets at `now`. */
export function orderPolicy(order: RefundOrder, now: Date): RefundPolicyAnswer {
  return refundPolicy({
    purchasedAt: order.paidAt ?? now,
    eventStartsAt: order.event.startsAt,
    eventStatus: order.event.status,
    eventChangedAt: order.event.changedAt,
    now,
  });
}

/** A ticket as a refund request checks it. */
interface TicketRow {
  id: number;
  customer_id: number | null;
  order_id: number | null;
  status: string;
  listed: boolean;
  pending_transfer: boolean;
}

async function loadTicket(db: Queryable, ticketId: number, lock = false): Promise<TicketRow | null> {
  const row = await selectOne<TicketRow>(
    db,
    sql`SELECT t.id, t.customer_id, t.order_id, t.status,
               EXISTS (SELECT 1 FROM resale_listings r WHERE r.ticket_id = t.id AND r.status = 'active') AS listed,
               EXISTS (SELECT 1 FROM ticket_transfers x WHERE x.ticket_id = t.id AND x.status = 'pending') AS pending_transfer
        FROM tickets t WHERE t.id = ${ticketId} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return row
    ? {
        ...row,
        id: Number(row.id),
        customer_id: row.customer_id === null ? null : Number(row.customer_id),
        order_id: row.order_id === null ? null : Number(row.order_id),
      }
    : null;
}

const notAllowed = (policy: RefundPolicyAnswer) => new HttpError(409, policy.message, 'refund_not_allowed');

/**
 * The customer asks to refund one of their tickets. Answers the ticket's refund (the existing
 * one when asked before). 404 unknown ticket, 403 someone else's, 409 outside the policy or
 * not refundable (used, listed, transfer pending).
 */
export async function requestTicketRefund(
  db: Database,
  deps: RefundDeps,
  customerId: number,
  ticketId: number,
): Promise<RefundRow> {
  const refundId = await db.transaction(async (tx) => {
    const seen = await loadTicket(tx, ticketId);
    if (!seen) throw new HttpError(404, REFUND_ANSWER_MESSAGES.ticketNotFound, 'not_found');
    if (seen.customer_id !== customerId)
      throw new HttpError(403, REFUND_ANSWER_MESSAGES.forbidden, 'forbidden');
    if (seen.order_id === null)
      throw new HttpError(409, REFUND_POLICY_MESSAGES.not_refundable, 'not_refundable');
    // The order's lock serialises every refund of the order (and its payment's settlement).
    const order = await loadRefundOrder(tx, seen.order_id, true);
    const ticket = await loadTicket(tx, ticketId, true);
    if (!order || !ticket) throw new HttpError(404, REFUND_ANSWER_MESSAGES.ticketNotFound, 'not_found');
    const [existing] = await refundsWhere(tx, sql`r.ticket_id = ${ticketId}`);
    if (existing) return existing.id;
    if (order.customerId !== customerId)
      throw new HttpError(403, REFUND_ANSWER_MESSAGES.buyerOnly, 'forbidden');
    if (order.status !== 'paid') throw new HttpError(409, REFUND_ANSWER_MESSAGES.notPaid, 'not_paid');
    // A cancelled event gives every paid ticket's money back, whatever its door state.
    const refundable =
      ticket.status === 'valid' || (ticket.status === 'used' && order.event.status === 'cancelled');
    if (!refundable || ticket.customer_id !== customerId) {
      throw new HttpError(409, REFUND_POLICY_MESSAGES.not_refundable, 'not_refundable');
    }
    if (ticket.listed) throw new HttpError(409, REFUND_ANSWER_MESSAGES.listed, 'listed');
    if (ticket.pending_transfer)
      throw new HttpError(409, REFUND_ANSWER_MESSAGES.pendingTransfer, 'transfer_pending');
    const policy = orderPolicy(order, deps.now());
    if (!policy.allowed) throw notAllowed(policy);
    return createTicketRefund(tx, order, ticketId, 'customer', deps.now());
  });
  return settleAfterCommit(db, deps, [refundId]).then((rows) => rows[0]!);
}

/**
 * The customer asks to refund a whole order: every valid ticket they still hold from it and
 * the order's products. Answers every refund of the order (new and earlier ones).
 */
export async function requestOrderRefund(
  db: Database,
  deps: RefundDeps,
  customerId: number,
  orderId: number,
): Promise<RefundRow[]> {
  const ids = await db.transaction(async (tx) => {
    const order = await loadRefundOrder(tx, orderId, true);
    if (!order) throw new HttpError(404, REFUND_ANSWER_MESSAGES.orderNotFound, 'not_found');
    if (order.customerId !== customerId) {
      throw new HttpError(403, REFUND_ANSWER_MESSAGES.orderForbidden, 'forbidden');
    }
    if (order.status !== 'paid') throw new HttpError(409, REFUND_ANSWER_MESSAGES.notPaid, 'not_paid');
    const earlier = async () =>
      (await refundsWhere(tx, sql`r.order_id = ${orderId} AND r.reason <> 'unfulfilled'`)).map((r) => r.id);
    const policy = orderPolicy(order, deps.now());
    if (!policy.allowed) {
      // Asked again after the window closed: the refunds made inside it are the answer.
      const made = await earlier();
      if (made.length > 0) return made;
      throw notAllowed(policy);
    }
    const created = await refundOrderTickets(tx, order, 'customer', deps.now(), customerId);
    const all = await earlier();
    if (created.length === 0 && all.length === 0) {
      throw new HttpError(409, REFUND_ANSWER_MESSAGES.nothingToRefund, 'nothing_to_refund');
    }
    return all;
  });
  return settleAfterCommit(db, deps, ids);
}

/**
 * Refunds, inside the caller's transaction (order locked), every valid ticket of the order
 * (held by `holderId` when given, else by anyone: a cancelled event refunds them all, used
 * ones too, since a ticket's money goes back whatever its door state) and the order's rest.
 * Answers the new refunds' ids.
 */
export async function refundOrderTickets(
  tx: Queryable,
  order: RefundOrder,
  reason: RefundReason,
  now: Date,
  holderId?: number,
): Promise<number[]> {
  const tickets = await selectRows<{ id: number }>(
    tx,
    sql`SELECT t.id FROM tickets t
        WHERE t.order_id = ${order.id}
          AND t.status IN ${reason === 'event_cancelled' ? sql`('valid', 'used')` : sql`('valid')`}
          ${holderId === undefined ? sql`` : sql`AND t.customer_id = ${holderId}`}
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.ticket_id = t.id)
          ${
            reason === 'customer'
              ? sql`AND NOT EXISTS (SELECT 1 FROM resale_listings l WHERE l.ticket_id = t.id AND l.status = 'active')
                    AND NOT EXISTS (SELECT 1 FROM ticket_transfers x WHERE x.ticket_id = t.id AND x.status = 'pending')`
              : sql``
          }
        ORDER BY t.id FOR UPDATE OF t`,
  );
  const ids: number[] = [];
  for (const ticket of tickets) ids.push(await createTicketRefund(tx, order, Number(ticket.id), reason, now));
  const rest = await createRestRefund(tx, order, reason, now);
  if (rest !== null) ids.push(rest);
  return ids;
}

/**
 * Writes one ticket's refund inside the caller's transaction (order and ticket locked, the
 * policy already decided): the row, the ticket voided, the `refund` movement. A ticket bought
 * on resale undoes its sale (docs/resale.md, "Refunds and cancellation"): the buyer is paid
 * from the price held in clearing and the seller's ticket comes back to life instead of the
 * unit returning to stock; once that price has reached the seller (the event ended) the
 * refund is refused (409). Answers the refund's id (the existing one if the ticket has one).
 */
export async function createTicketRefund(
  tx: Queryable,
  order: RefundOrder,
  ticketId: number,
  reason: RefundReason,
  now: Date,
): Promise<number> {
  const shares = await orderShares(tx, order);
  const share = shares.tickets.get(ticketId) ?? { netCents: 0, feeCents: 0, totalCents: 0, resale: false };
  const [earlier] = await refundsWhere(tx, sql`r.ticket_id = ${ticketId}`);
  if (earlier) return earlier.id;
  const origin = share.resale ? await resaleOriginOf(tx, ticketId) : null;
  if (origin?.released) throw new HttpError(409, RESALE_PROCEEDS_MESSAGES.released, 'resale_released');
  const id = await insertRefund(tx, order, ticketId, reason, share, now);
  if (id === null) {
    const [existing] = await refundsWhere(tx, sql`r.ticket_id = ${ticketId}`);
    return existing!.id;
  }
  await voidTicket(tx, ticketId, now, origin);
  await postRefund(tx, id, order, share, now);
  return id;
}

/** The order's products and rounding rest, once per order; null when there is nothing left. */
async function createRestRefund(
  tx: Queryable,
  order: RefundOrder,
  reason: RefundReason,
  now: Date,
): Promise<number | null> {
  const shares = await orderShares(tx, order);
  if (shares.rest.totalCents <= 0) return null;
  const id = await insertRefund(tx, order, null, reason, { ...shares.rest, resale: false }, now);
  if (id === null) return null;
  await postRefund(tx, id, order, { ...shares.rest, resale: false }, now);
  return id;
}

/** Inserts the refund row (external part first, the rest to the wallet); null when one exists. */
async function insertRefund(
  tx: Queryable,
  order: RefundOrder,
  ticketId: number | null,
  reason: RefundReason,
  share: { feeCents: number; totalCents: number; resale: boolean },
  now: Date,
): Promise<number | null> {
  const sources = await orderSources(tx, order.id, share.totalCents);
  // Paid by a shared payment's shares: one devolução per share, each within what it paid.
  if (sources.parts && sources.parts.length > 0) {
    return insertSplitRefund(
      tx,
      {
        orderId: order.id,
        customerId: order.customerId,
        ticketId,
        reason,
        amountCents: share.totalCents,
        feeCents: share.feeCents,
        parts: sources.parts,
      },
      now,
    );
  }
  const external = Math.min(share.totalCents, sources.externalLeftCents);
  const wallet = share.totalCents - external;
  const method = external > 0 && sources.payment ? sources.payment.method : 'wallet';
  // Nothing leaves by PIX or card: the refund is complete once written.
  const done = external === 0;
  const nowIso = now.toISOString();
  const row = await selectOne<{ id: number }>(
    tx,
    sql`INSERT INTO refunds (order_id, customer_id, ticket_id, payment_id, reason, method, amount_cents, fee_cents,
                             wallet_cents, status, created_at, updated_at, refunded_at)
        VALUES (${order.id}, ${order.customerId}, ${ticketId}, ${sources.payment?.id ?? null}, ${reason}, ${method},
                ${share.totalCents}, ${share.feeCents}, ${wallet}, ${done ? 'refunded' : 'requested'},
                ${nowIso}::timestamptz, ${nowIso}::timestamptz, ${done ? nowIso : null}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

/**
 * The ticket dies: a holder version bump to 'refunded' (every code of it stops passing the
 * door), an open listing or pending transfer closes, and its seat or lot unit is for sale
 * again. A ticket bought on resale (`origin`) returns no stock: its sale is undone and the
 * seller's ticket holds the unit again (after this one is void, so one seat never has two
 * live tickets); the producer's revenue for the unit stays, as the unit is still sold.
 */
async function voidTicket(
  tx: Queryable,
  ticketId: number,
  now: Date,
  origin: ResaleOrigin | null,
): Promise<void> {
  const ticket = await selectOne<{ seat_id: number | null; ticket_type_id: number }>(
    tx,
    sql`SELECT seat_id, ticket_type_id FROM tickets WHERE id = ${ticketId}`,
  );
  await bumpHolderVersion(tx, ticketId, { status: 'refunded' });
  await emitWebhookEvent(tx, 'ticket.refunded', ticketId);
  await cancelOpenListingOf(tx, ticketId);
  await cancelPendingTransferOf(tx, ticketId);
  if (!ticket) return;
  if (origin) {
    await undoResale(tx, origin, now);
    return;
  }
  if (ticket.seat_id !== null) {
    await returnSoldSeat(tx, ticket.seat_id);
  } else {
    await returnSoldLotUnit(tx, ticket.ticket_type_id);
  }
  // A refunded meia-entrada goes back to the event's quota and frees its beneficiary.
  await releaseMeiaOfTicket(tx, ticketId);
  void now;
}

/**
 * The `refund` movement (key `refund:{id}`): the producer's revenue (clearing for a resale
 * ticket, whose price went to its seller) and the platform's fee give the amount back to
 * clearing, to leave by PIX or card, and to the customer's wallet for the part it paid.
 */
async function postRefund(
  tx: Queryable,
  refundId: number,
  order: RefundOrder,
  share: { netCents: number; feeCents: number; resale: boolean },
  now: Date,
): Promise<void> {
  const row = await refundById(tx, refundId);
  if (!row || row.amount_cents === 0) return;
  const legs: LedgerLeg[] = [
    {
      account: share.resale
        ? { kind: 'platform_clearing' }
        : { kind: 'producer_revenue', eventId: order.eventId },
      amountCents: -share.netCents,
    },
    { account: { kind: 'platform_fees' }, amountCents: -share.feeCents },
    { account: { kind: 'platform_clearing' }, amountCents: row.amount_cents - row.wallet_cents },
    { account: { kind: 'customer_wallet', customerId: order.customerId }, amountCents: row.wallet_cents },
  ];
  if (!movesMoney(legs)) return;
  await postMovement(tx, {
    idempotencyKey: `refund:${refundId}`,
    kind: 'refund',
    legs: legs.filter((leg) => leg.amountCents !== 0),
    customerId: order.customerId,
    orderId: order.id,
    paymentId: row.payment_id,
    ticketId: row.ticket_id,
    at: now,
  });
}

/** True when the legs, netted per account, still move money between two accounts. */
function movesMoney(legs: LedgerLeg[]): boolean {
  const net = new Map<string, number>();
  for (const leg of legs) {
    const key = JSON.stringify(leg.account);
    net.set(key, (net.get(key) ?? 0) + leg.amountCents);
  }
  return [...net.values()].filter((cents) => cents !== 0).length >= 2;
}

/** After COMMIT: each new refund's money leaves (a failure stays for the sweep); answers the rows. */
export async function settleAfterCommit(db: Database, deps: RefundDeps, ids: number[]): Promise<RefundRow[]> {
  const rows: RefundRow[] = [];
  for (const id of ids) {
    try {
      await processRefund(db, deps, id);
    } catch (error) {
      deps.log.error({ err: error, refundId: id }, 'refund payout failed; the sweep retries it');
    }
    const row = await refundById(db, id);
    if (row) rows.push(row);
  }
  return rows;
}
