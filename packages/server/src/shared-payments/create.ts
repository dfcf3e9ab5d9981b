/**
 * Creating a shared payment (docs/shared-payments.md, "Creating"): the leader's reserved order
 * is held for the group (for the reservation's short expiry until the leader's own share is
 * paid), and each share gets its own PIX charge at the PSP. The friends' invitations wait for
 * the leader's share (resend.ts `sendDueInvitations`).
 */
import { randomBytes } from 'node:crypto';
import type { CreateSharedPaymentRequest } from '@plateia/core/contracts/shared-payments';
import {
  groupHoldLimit,
  sharedPaymentClosesAt,
  sharedPaymentDeadline,
  validateShares,
} from '@plateia/core/rules/shared-payments';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { loadOrder } from '../payments/order.ts';
import { centsToValor, PixProviderError } from '../payments/pix/provider.ts';
import { HttpError } from '../plugins/errors.ts';
import { extendListingReservations } from '../resale/listings.ts';
import { extendOrderSeatHolds, holdOrderSeatsAs } from '../seat-hold/seats.ts';
import { SHARED_PAYMENT_ANSWERS as A } from './messages.ts';
import { hashShareToken } from './records.ts';

/** The job that closes a group at `closes_at` (jobs/registry.ts). */
export const SHARED_PAYMENT_EXPIRE_JOB = 'shared-payments.expire';

/** What shared payments use besides the database: the payment deps and the job queue. */
export interface SharedPaymentDeps extends PaymentDeps {
  jobs: JobQueue;
}

/** The customer creating a group. */
export interface Leader {
  id: number;
  email: string;
}

/** A ticket line of the order and how many tickets it issues (a table: its seats). */
interface TicketLine {
  id: number;
  units: number;
}

/**
 * What a group's order and seats are held under: the order itself. The ':' is outside every
 * session id a client may send (`SessionIdSchema`), so no request can name this hold: nobody
 * (the leader's browser included) releases, re-holds or reserves the group's seats.
 */
export const orderHoldKey = (orderId: number): string => `order:${orderId}`;

const fail = (status: number, message: string, code: string) => new HttpError(status, message, code);

/**
 * Creates the group and answers its id. Refusals (pt-BR): 400 for the split, 403 for someone
 * else's order, 404, 409 when the order cannot be shared or the event's cap is reached, 502
 * when the PSP cannot open the charges.
 */
export async function createSharedPayment(
  db: Database,
  deps: SharedPaymentDeps,
  leader: Leader,
  input: CreateSharedPaymentRequest,
): Promise<number> {
  const now = deps.now();
  const order = await loadOrder(db, input.orderId);
  if (!order) throw fail(404, A.orderNotFound, 'not_found');
  if (order.customerId !== leader.id) throw fail(403, A.notYourOrder, 'forbidden');
  await assertShareable(db, order.id, now);
  if (order.walletCents > 0) throw fail(409, A.walletPart, 'wallet_part');

  const lines = await ticketLines(db, order.id);
  const ticketCount = lines.reduce((sum, line) => sum + line.units, 0);
  const shares = input.shares.map((share) => ({ ...share, email: share.email.trim().toLowerCase() }));
  const invalid = validateShares(shares, {
    totalCents: order.totalCents,
    ticketCount,
    leaderEmail: leader.email,
  });
  if (invalid) throw fail(400, invalid, 'validation');
  const holders = allocateTickets(lines, shares);
  if (!holders) throw fail(400, A.ticketsNotSplittable, 'validation');

  let asked: Date | null = null;
  if (input.deadline !== undefined) {
    asked = new Date(input.deadline);
    if (Number.isNaN(asked.getTime())) throw fail(400, A.invalidDeadline, 'validation');
  }
  const event = await selectOne<{ starts_at: string | Date }>(
    db,
    sql`SELECT starts_at FROM events WHERE id = ${order.eventId}`,
  );
  const startsAt = new Date(event!.starts_at);
  const deadline = sharedPaymentDeadline(now, startsAt, asked);
  if (!deadline) {
    // The event leaves no window at all (409), or the deadline asked for is too soon (400).
    if (!sharedPaymentDeadline(now, startsAt, null)) throw fail(409, A.tooLate, 'too_late');
    throw fail(400, A.deadlineTooSoon, 'validation');
  }
  const closesAt = sharedPaymentClosesAt(deadline);

  const charges = await openCharges(deps, order.number, shares, now, closesAt);
  let groupId: number;
  try {
    groupId = await db.transaction(async (tx) => {
      const locked = await loadOrder(tx, order.id, true);
      if (locked?.status !== 'reserved' || locked.expiresAt.getTime() <= now.getTime()) {
        throw fail(409, A.orderNotReservable, 'not_reservable');
      }
      await assertShareable(tx, order.id, now);
      await assertUnderCap(tx, order.eventId, ticketCount);
      await assertNoOpenGroup(tx, leader.id, order.eventId);
      const group = await selectOne<{ id: number }>(
        tx,
        sql`INSERT INTO shared_payments (order_id, leader_id, event_id, total_cents, ticket_count, deadline, closes_at, created_at)
            VALUES (${order.id}, ${leader.id}, ${order.eventId}, ${order.totalCents}, ${ticketCount},
                    ${deadline.toISOString()}::timestamptz, ${closesAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
            RETURNING id`,
      );
      const id = Number(group!.id);
      for (const [index, share] of shares.entries()) {
        const charge = charges[index]!;
        const payment = await selectOne<{ id: number }>(
          tx,
          sql`INSERT INTO payments (order_id, customer_id, method, amount_cents, txid, brcode, charge_expires_at, shared_payment_id)
              VALUES (${order.id}, ${leader.id}, 'pix', ${share.amountCents}, ${charge.txid}, ${charge.brcode},
                      ${closesAt.toISOString()}::timestamptz, ${id})
              RETURNING id`,
        );
        // The link's token is drawn when the invitation goes out (each e-mail gets its own);
        // this first one is never sent, it only fills the row.
        const token = randomBytes(24).toString('base64url');
        await execute(
          tx,
          sql`INSERT INTO shared_payment_shares (shared_payment_id, position, email, amount_cents, tickets, payment_id, token_hash)
              VALUES (${id}, ${index + 1}, ${share.email}, ${share.amountCents}, ${share.tickets},
                      ${Number(payment!.id)}, ${hashShareToken(token)})`,
        );
      }
      await holdForGroup(tx, order.id, holders);
      await deps.jobs.send(
        SHARED_PAYMENT_EXPIRE_JOB,
        { id },
        { tx, startAfter: closesAt, singletonKey: `shared-payment:${id}`, retryLimit: 10 },
      );
      return id;
    });
  } catch (error) {
    for (const charge of charges) await deps.providers.pix.removeCharge(charge.txid).catch(() => {});
    throw error;
  }
  return groupId;
}

/** 409 unless the order has no payment started and no group. */
async function assertShareable(db: Queryable, orderId: number, now: Date): Promise<void> {
  const row = await selectOne<{
    status: string;
    expires_at: string | Date;
    payments: number;
    groups: number;
  }>(
    db,
    sql`SELECT o.status, o.expires_at,
               (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id) AS payments,
               (SELECT count(*)::int FROM shared_payments g WHERE g.order_id = o.id) AS groups
        FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!row) throw fail(404, A.orderNotFound, 'not_found');
  if (Number(row.groups) > 0) throw fail(409, A.alreadyShared, 'already_shared');
  if (row.status !== 'reserved' || new Date(row.expires_at).getTime() <= now.getTime()) {
    throw fail(409, A.orderNotReservable, 'not_reservable');
  }
  if (Number(row.payments) > 0) throw fail(409, A.paymentStarted, 'payment_started');
}

/** The order's ticket lines in id order: what settlement issues tickets for. */
async function ticketLines(db: Queryable, orderId: number): Promise<TicketLine[]> {
  const rows = await selectRows<{ id: number; units: number }>(
    db,
    sql`SELECT i.id,
               CASE WHEN i.table_id IS NOT NULL AND i.seat_id IS NULL
                    THEN (SELECT count(*)::int FROM seats s WHERE s.table_id = i.table_id)
                    WHEN i.kind = 'resale' THEN 1
                    ELSE i.quantity END AS units
        FROM order_items i WHERE i.order_id = ${orderId} AND i.kind IN ('ticket', 'resale') ORDER BY i.id`,
  );
  return rows.map((row) => ({ id: Number(row.id), units: Number(row.units) }));
}

/**
 * Whose e-mail each ticket line is issued to: friends first, in position order, each taking
 * whole lines up to their count; the leader keeps the rest. Null when a friend's count cannot
 * be met with whole lines (a table goes to one person).
 */
export function allocateTickets(
  lines: TicketLine[],
  shares: { email: string; tickets: number }[],
): Map<number, string> | null {
  const holders = new Map<number, string>();
  const free = [...lines];
  for (const share of shares.slice(1)) {
    let left = share.tickets;
    for (let i = 0; i < free.length && left > 0; ) {
      const line = free[i]!;
      if (line.units <= left) {
        holders.set(line.id, share.email);
        left -= line.units;
        free.splice(i, 1);
      } else i++;
    }
    if (left !== 0) return null;
  }
  for (const line of free) holders.set(line.id, shares[0]!.email);
  return holders;
}

/** The open groups of the event plus this one must stay within the event's cap (serialised per event). */
async function assertUnderCap(tx: Queryable, eventId: number, ticketCount: number): Promise<void> {
  await execute(tx, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`shared-payments:${eventId}`}, 0))`);
  const row = await selectOne<{ capacity: number; held: number }>(
    tx,
    sql`SELECT
          (SELECT coalesce(sum(quantity), 0)::int FROM ticket_types WHERE event_id = ${eventId} AND NOT numbered)
          + (SELECT count(*)::int FROM seats WHERE event_id = ${eventId}) AS capacity,
          (SELECT coalesce(sum(ticket_count), 0)::int FROM shared_payments WHERE event_id = ${eventId} AND status = 'open') AS held`,
  );
  if (Number(row!.held) + ticketCount > groupHoldLimit(Number(row!.capacity))) {
    throw fail(409, A.groupCap, 'group_cap');
  }
}

/**
 * One open group per customer per event (serialised by the event's lock in `assertUnderCap`):
 * a group holds its stock for days, so a customer cannot pile groups up to hoard it.
 */
async function assertNoOpenGroup(tx: Queryable, leaderId: number, eventId: number): Promise<void> {
  const open = await selectOne<{ id: number }>(
    tx,
    sql`SELECT id FROM shared_payments WHERE leader_id = ${leaderId} AND event_id = ${eventId} AND status = 'open' LIMIT 1`,
  );
  if (open) throw fail(409, A.oneOpenGroup, 'open_group');
}

/**
 * The order becomes the group's: its seats are held for the order (`orderHoldKey`, which no
 * client can name, so no browser releases or takes them) and each ticket line is addressed to
 * its participant's e-mail. The hold keeps the reservation's own short expiry until the
 * leader's share is paid (`startLongHold`): an unpaid group holds nothing for long.
 */
async function holdForGroup(tx: Queryable, orderId: number, holders: Map<number, string>): Promise<void> {
  const session = orderHoldKey(orderId);
  await execute(tx, sql`UPDATE orders SET session_id = ${session}, updated_at = now() WHERE id = ${orderId}`);
  await holdOrderSeatsAs(tx, orderId, session);
  const json = JSON.stringify([...holders].map(([id, email]) => ({ id, email })));
  await execute(
    tx,
    sql`UPDATE order_items i SET holder_email = h.email
        FROM json_to_recordset(${json}::json) AS h(id int, email text)
        WHERE i.id = h.id AND i.order_id = ${orderId}`,
  );
}

/**
 * The leader paid their share: the order's reservation now lasts until the group closes (its
 * expiry, its seats held for the order, its resale listings). False when the reservation is
 * already over (expired by time or reclaimed): the caller closes the group instead.
 */
export async function startLongHold(
  tx: Queryable,
  orderId: number,
  closesAt: Date,
  paidAt: Date,
): Promise<boolean> {
  const until = closesAt.toISOString();
  const extended = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET expires_at = ${until}::timestamptz, updated_at = now()
        WHERE id = ${orderId} AND status = 'reserved' AND expires_at > ${paidAt.toISOString()}::timestamptz
        RETURNING id`,
  );
  if (extended.length === 0) return false;
  await extendOrderSeatHolds(tx, orderId, orderHoldKey(orderId), until);
  await extendListingReservations(tx, orderId, until);
  return true;
}

/** Opens one PIX charge per share at the PSP, living until the group closes. */
async function openCharges(
  deps: SharedPaymentDeps,
  orderNumber: string,
  shares: { amountCents: number }[],
  now: Date,
  closesAt: Date,
): Promise<{ txid: string; brcode: string }[]> {
  const expiracao = Math.max(1, Math.ceil((closesAt.getTime() - now.getTime()) / 1000));
  const opened: { txid: string; brcode: string }[] = [];
  try {
    for (const [index, share] of shares.entries()) {
      const txid = `PLS${randomBytes(15).toString('hex')}`;
      const cob = await deps.providers.pix.createCharge(txid, {
        calendario: { expiracao },
        valor: { original: centsToValor(share.amountCents) },
        chave: deps.providers.settings.pixKey,
        solicitacaoPagador: `Plateia pedido ${orderNumber} parte ${index + 1}`,
      });
      opened.push({ txid, brcode: cob.pixCopiaECola });
    }
  } catch (error) {
    for (const charge of opened) await deps.providers.pix.removeCharge(charge.txid).catch(() => {});
    if (error instanceof PixProviderError) {
      deps.log.error({ err: error }, 'PSP refused or unreachable when opening shared-payment charges');
      throw fail(502, A.pixUnavailable, 'psp_unavailable');
    }
    throw error;
  }
  return opened;
}
