/**
 * Fulfilling a paid order (docs/payments.md, "Settlement"): its stock, seats and resale
 * listings move from reserved to sold and its tickets are issued, each through its owner
 * (stock/, seat-hold/, resale/, tickets/, meia-entrada/), inside the transaction that records
 * what paid for it (an order's payment, a shared payment's last share, the wallet).
 */
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { retakeMeias } from '../meia-entrada/quota.ts';
import { loadOrder, type PayableOrder } from '../payments/order.ts';
import { markListingSold } from '../resale/listings.ts';
import { recordListingsClosed } from '../resale/settlement.ts';
import { sellSeatsToOrder } from '../seat-hold/seats.ts';
import { sellLotUnits } from '../stock/lots.ts';
import { sellProductUnits } from '../stock/products.ts';
import { bumpHolderVersion } from '../tickets/holder.ts';
import { issueTicket } from '../tickets/issue.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';

/** A ticket issued by settlement. */
export interface IssuedTicket {
  id: number;
  holderEmail: string;
  /** Null when no verified account has the holder's e-mail yet (attached on first listing). */
  customerId: number | null;
}

/** What settling an order did. */
export type SettleOutcome =
  | { kind: 'paid'; order: PayableOrder; buyerEmail: string; buyerName: string; tickets: IssuedTicket[] }
  | { kind: 'already_paid'; order: PayableOrder }
  /** The money arrived but the order cannot be honoured (stock gone after expiry, cancelled). */
  | { kind: 'unavailable'; order: PayableOrder };

/** The stock an expired reservation needs was taken by someone else meanwhile. */
class StockGone extends Error {}

/** A row of `order_items`. */
interface ItemRow {
  id: number;
  kind: 'ticket' | 'product' | 'resale';
  ticket_type_id: number | null;
  product_id: number | null;
  seat_id: number | null;
  table_id: number | null;
  resale_listing_id: number | null;
  n_number: number | null;
  quantity: number;
  unit_price_cents: number;
  holder_email: string | null;
  /** A meia-entrada line's category (its beneficiary's ticket), else null. */
  meia_category?: string | null;
}

/** What an order's items take from stock, grouped the way the stock rows are updated. */
interface StockTaken {
  /** General-admission units per lot. */
  typeCounts: Map<number, number>;
  productCounts: Map<number, number>;
  seatIds: Set<number>;
  tableIds: Set<number>;
  /** Resale listings the order bought. */
  listingIds: number[];
}

/** Groups an order's items by the stock rows they take. */
function stockOf(items: ItemRow[]): StockTaken {
  const taken: StockTaken = {
    typeCounts: new Map(),
    productCounts: new Map(),
    seatIds: new Set(),
    tableIds: new Set(),
    listingIds: [],
  };
  for (const item of items) {
    if (item.kind === 'product' && item.product_id !== null) {
      taken.productCounts.set(
        item.product_id,
        (taken.productCounts.get(item.product_id) ?? 0) + item.quantity,
      );
    } else if (item.kind === 'ticket' && item.seat_id !== null) {
      taken.seatIds.add(item.seat_id);
    } else if (item.kind === 'ticket' && item.table_id !== null) {
      taken.tableIds.add(item.table_id);
    } else if (item.kind === 'ticket' && item.ticket_type_id !== null) {
      taken.typeCounts.set(
        item.ticket_type_id,
        (taken.typeCounts.get(item.ticket_type_id) ?? 0) + item.quantity,
      );
    } else if (item.kind === 'resale' && item.resale_listing_id !== null) {
      taken.listingIds.push(item.resale_listing_id);
    }
  }
  return taken;
}

/**
 * Moves counters, seats and resale listings from "reserved by this order" to "sold".
 * `reclaimed` is true when the reservation had expired and its stock was given back: then
 * the stock is taken again only if still free (conditional updates), else `StockGone`.
 */
async function takeStock(
  tx: Queryable,
  order: PayableOrder,
  items: ItemRow[],
  reclaimed: boolean,
  now: string,
): Promise<void> {
  const taken = stockOf(items);
  await sellLots(tx, taken.typeCounts, reclaimed);
  await sellProducts(tx, taken.productCounts, reclaimed);
  await sellSeats(tx, order, taken, now);
  await sellResaleListings(tx, order, taken.listingIds, now);
  if (reclaimed) await recountCoupon(tx, order);
  // Meia-entrada units and documents went back with the reclaim: taken again, or the order is short.
  if (reclaimed && !(await retakeMeias(tx, order.id, order.eventId))) throw new StockGone();
}

/** General-admission lots, in id order so two settlements touching the same lots cannot deadlock. */
async function sellLots(tx: Queryable, typeCounts: Map<number, number>, reclaimed: boolean): Promise<void> {
  for (const [id, n] of [...typeCounts].sort((a, b) => a[0] - b[0])) {
    if (await sellLotUnits(tx, id, n, !reclaimed)) continue;
    // Numbered types keep no counters (their stock is the seats): a miss there is expected.
    const type = await selectOne<{ numbered: boolean }>(
      tx,
      sql`SELECT numbered FROM ticket_types WHERE id = ${id}`,
    );
    if (!type?.numbered) throw new StockGone();
  }
}

/** Products, in id order. */
async function sellProducts(
  tx: Queryable,
  productCounts: Map<number, number>,
  reclaimed: boolean,
): Promise<void> {
  for (const [id, n] of [...productCounts].sort((a, b) => a[0] - b[0])) {
    if (!(await sellProductUnits(tx, id, n, !reclaimed))) throw new StockGone();
  }
}

/**
 * Seats (and the seats of reserved tables) become sold only if nobody else holds them now:
 * the reservation holds them for the buyer's session until the order expires; after that
 * another session may have taken them.
 */
async function sellSeats(tx: Queryable, order: PayableOrder, taken: StockTaken, now: string): Promise<void> {
  const wanted = [...taken.seatIds];
  if (taken.tableIds.size > 0) {
    const tableSeats = await selectRows<{ id: number }>(
      tx,
      sql`SELECT id FROM seats WHERE table_id IN (${sql.join(
        [...taken.tableIds].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const seat of tableSeats) wanted.push(Number(seat.id));
  }
  if (wanted.length === 0) return;
  const sold = await sellSeatsToOrder(tx, wanted, order.id, order.sessionId, now);
  if (sold !== new Set(wanted).size) throw new StockGone();
}

/** Resale: each listing closes and the seller's ticket is marked resold. */
async function sellResaleListings(
  tx: Queryable,
  order: PayableOrder,
  listingIds: number[],
  now: string,
): Promise<void> {
  for (const listingId of listingIds) {
    const listing = await markListingSold(tx, listingId, order.id, now);
    if (!listing) throw new StockGone();
    // A holder version bump, not a bare status change: every code of the seller's dies and
    // the door manifest's cursor moves (docs/resale.md).
    await bumpHolderVersion(tx, Number(listing.ticket_id), { status: 'resold' });
  }
}

/** A reclaimed reservation gave its coupon use back: count it again, within the limit. */
async function recountCoupon(tx: Queryable, order: PayableOrder): Promise<void> {
  if (order.couponId === null) return;
  const counted = await selectRows(
    tx,
    sql`UPDATE coupons SET used = used + 1
        WHERE id = ${order.couponId} AND (usage_limit IS NULL OR used < usage_limit) RETURNING id`,
  );
  if (counted.length === 0) throw new StockGone();
}

/** Seats to issue tickets for, per item: its own seat, or every seat of its table. */
async function seatsForItem(tx: Queryable, item: ItemRow): Promise<(number | null)[]> {
  if (item.seat_id !== null) return [item.seat_id];
  if (item.table_id !== null) {
    const seats = await selectRows<{ id: number }>(
      tx,
      sql`SELECT id FROM seats WHERE table_id = ${item.table_id} ORDER BY sort, id`,
    );
    return seats.map((seat) => Number(seat.id));
  }
  return Array.from({ length: item.quantity }, () => null);
}

/**
 * Who receives tickets addressed to an e-mail: the buyer, or the verified account with that
 * e-mail, or nobody yet (the tickets wait, addressed to the e-mail). Looked up once per e-mail.
 */
function accountOwners(
  tx: Queryable,
  buyer: { id: number; email: string },
): (email: string) => Promise<number | null> {
  const owners = new Map<string, number | null>();
  return async (email) => {
    const key = email.toLowerCase();
    if (key === buyer.email.toLowerCase()) return buyer.id;
    if (!owners.has(key)) {
      const row = await selectOne<{ id: number }>(
        tx,
        sql`SELECT id FROM customers WHERE lower(email) = ${key} AND email_verified_at IS NOT NULL`,
      );
      owners.set(key, row ? Number(row.id) : null);
    }
    return owners.get(key) ?? null;
  };
}

/**
 * The lot and number an item's tickets carry (a resale item's come from the resold ticket),
 * and the order line of their meia-entrada beneficiary: the item's own for a meia line, the
 * resold ticket's for a resale (a meia follows its ticket, docs/meia-entrada.md); null
 * without a lot.
 */
async function ticketOrigin(
  tx: Queryable,
  item: ItemRow,
): Promise<{
  ticketTypeId: number;
  nNumber: number;
  seatFromResale: number | null;
  meiaItemId: number | null;
} | null> {
  let ticketTypeId = item.ticket_type_id;
  let nNumber = item.n_number;
  let seatFromResale: number | null = null;
  let meiaItemId: number | null = item.kind === 'ticket' && item.meia_category ? item.id : null;
  if (item.kind === 'resale' && item.resale_listing_id !== null) {
    const original = await selectOne<{
      ticket_type_id: number;
      n_number: number;
      seat_id: number | null;
      meia_item_id: number | null;
    }>(
      tx,
      sql`SELECT t.ticket_type_id, t.n_number, t.seat_id, t.meia_item_id
          FROM resale_listings l JOIN tickets t ON t.id = l.ticket_id
          WHERE l.id = ${item.resale_listing_id}`,
    );
    ticketTypeId ??= original ? Number(original.ticket_type_id) : null;
    nNumber ??= original ? Number(original.n_number) : null;
    seatFromResale = original?.seat_id ?? null;
    // A meia paid up at the door is no longer one: the new ticket is a full one.
    if (original?.meia_item_id != null) {
      const upgraded = await selectOne<{ ticket_id: number }>(
        tx,
        sql`SELECT u.ticket_id FROM meia_upgrades u JOIN resale_listings l ON l.ticket_id = u.ticket_id
            WHERE l.id = ${item.resale_listing_id}`,
      );
      meiaItemId = upgraded ? null : Number(original.meia_item_id);
    }
  }
  if (ticketTypeId === null) return null;
  if (nNumber === null) {
    const type = await selectOne<{ n_number: number }>(
      tx,
      sql`SELECT n_number FROM ticket_types WHERE id = ${ticketTypeId}`,
    );
    nNumber = type ? Number(type.n_number) : 1;
  }
  return { ticketTypeId, nNumber, seatFromResale, meiaItemId };
}

/** Issues the tickets of every ticket and resale item: one per seat, or per unit without seats. */
async function issueTickets(
  tx: Queryable,
  order: PayableOrder,
  items: ItemRow[],
  buyer: { id: number; email: string },
): Promise<IssuedTicket[]> {
  const ownerOf = accountOwners(tx, buyer);
  const issued: IssuedTicket[] = [];
  for (const item of items) {
    if (item.kind === 'product') continue;
    const origin = await ticketOrigin(tx, item);
    if (!origin) continue;
    const holderEmail = (item.holder_email?.trim() || buyer.email).toLowerCase();
    const customerId = await ownerOf(holderEmail);
    const seats =
      item.kind === 'resale' ? [item.seat_id ?? origin.seatFromResale] : await seatsForItem(tx, item);
    // A table is sold as one line: its price is shared among its seats' tickets.
    const unitPrice =
      seats.length > 1 ? Math.floor(item.unit_price_cents / seats.length) : item.unit_price_cents;
    for (const seatId of seats) {
      const ticket = await issueTicket(tx, {
        eventId: order.eventId,
        ticketTypeId: origin.ticketTypeId,
        nNumber: origin.nNumber,
        seatId,
        customerId,
        holderEmail,
        orderId: order.id,
        orderItemId: item.id,
        priceCents: unitPrice,
        meiaItemId: origin.meiaItemId,
        courtesy: false,
      });
      issued.push({ id: ticket.id, holderEmail, customerId });
    }
  }
  return issued;
}

/**
 * Settles `orderId` as paid. Must run inside a transaction (`tx`); the caller records the
 * payment in the same one. A reservation that expired is honoured when its stock can be
 * taken again, and reported `unavailable` (nothing changed) when it cannot.
 */
export async function settleOrder(tx: Queryable, orderId: number, now: Date): Promise<SettleOutcome | null> {
  const order = await loadOrder(tx, orderId, true);
  if (!order) return null;
  if (order.status === 'paid') return { kind: 'already_paid', order };
  if (order.status === 'cancelled') return { kind: 'unavailable', order };
  const items = (
    await selectRows<ItemRow>(tx, sql`SELECT * FROM order_items WHERE order_id = ${orderId} ORDER BY id`)
  ).map((row) => ({
    ...row,
    id: Number(row.id),
    quantity: Number(row.quantity),
    unit_price_cents: Number(row.unit_price_cents),
  }));
  const nowIso = now.toISOString();
  try {
    // A savepoint keeps a refusal from poisoning the caller's transaction.
    await execute(tx, sql`SAVEPOINT settle_stock`);
    await takeStock(tx, order, items, order.status === 'expired', nowIso);
    await execute(tx, sql`RELEASE SAVEPOINT settle_stock`);
  } catch (error) {
    if (!(error instanceof StockGone)) throw error;
    await execute(tx, sql`ROLLBACK TO SAVEPOINT settle_stock`);
    return { kind: 'unavailable', order };
  }
  await execute(
    tx,
    sql`UPDATE orders SET status = 'paid', paid_at = ${nowIso}::timestamptz, updated_at = ${nowIso}::timestamptz
        WHERE id = ${orderId}`,
  );
  const buyer = await selectOne<{ email: string; namef: string }>(
    tx,
    sql`SELECT email, namef FROM customers WHERE id = ${order.customerId}`,
  );
  const buyerEmail = buyer?.email ?? '';
  const tickets = await issueTickets(tx, order, items, { id: order.customerId, email: buyerEmail });
  // The sold listings close now; their sellers are paid after the event (docs/resale.md, "Settlement").
  await recordListingsClosed(tx, stockOf(items).listingIds, now);
  await emitWebhookEvent(tx, 'order.paid', orderId);
  return {
    kind: 'paid',
    order: { ...order, status: 'paid', paidAt: now },
    buyerEmail,
    buyerName: buyer?.namef ?? '',
    tickets,
  };
}
