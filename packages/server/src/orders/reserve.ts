import { randomUUID } from 'node:crypto';
import type { ProductAllowance, ReservedOrder } from '@plateia/core/contracts/orders';
import { lotTurnNotice } from '@plateia/core/messages/catalogue';
import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import { RESERVE_MESSAGES } from '@plateia/core/messages/orders';
import { meiaPriceCents } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import { type LotRow, lotSequencesOf } from '../catalogue/lots.ts';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectOne, selectRows } from '../db/sql.ts';
import { claimDocuments, cleanBeneficiary } from '../meia-entrada/beneficiaries.ts';
import { meiaCategoryIds, meiasLeft } from '../meia-entrada/quota.ts';
import { HttpError } from '../plugins/errors.ts';
import { reserveListing } from '../resale/listings.ts';
import { reserveHeldSeats } from '../seat-hold/seats.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { takeFromLot } from '../stock/lots.ts';
import { takeMeias } from '../stock/meia-quota.ts';
import { reserveProductUnits } from '../stock/products.ts';
import { writeOrderLines } from './order-lines.ts';
import { priceOrder } from './pricing.ts';
import { endReservations, reclaimExpired } from './reclaim.ts';
import {
  holderEmail,
  type ItemDraft,
  PRODUCT_SORT_KEY,
  ReservationDraft,
  type TicketTypeRow,
  ticketDraft,
} from './reservation-draft.ts';
import type { ReserveInput, ReserveTicketLine, TicketAllowance } from './reserve-request.ts';

/** Cart/checkout expiry (docs/buying.md): 15 minutes. */
export const RESERVATION_SECONDS = 900;

export type { OrderItemView, ProductAllowance, ReservedOrder } from '@plateia/core/contracts/orders';

/** What a reservation attempt gives. */
export type ReserveResult =
  | { ok: true; tickets: TicketAllowance[]; products: ProductAllowance[]; order: ReservedOrder }
  | { ok: false; message: string; tickets: TicketAllowance[]; products: ProductAllowance[] };

/** A refused attempt: rolls the transaction back and carries the answer to give. */
class Unavailable extends Error {
  readonly result: Extract<ReserveResult, { ok: false }>;
  readonly stockShort: boolean;
  constructor(result: Extract<ReserveResult, { ok: false }>, stockShort: boolean) {
    super(result.message);
    this.result = result;
    this.stockShort = stockShort;
  }
}

const isResale = (line: ReserveTicketLine): boolean =>
  line.is_from_resale === true || line.is_from_resale === 1;

/** Checks the request's shape against the rules that need no database. */
export function validateLines(input: ReserveInput): void {
  if (input.tickets.length === 0 && input.products.length === 0) {
    throw new HttpError(400, RESERVE_MESSAGES.emptyCart, 'empty_cart');
  }
  const resale = input.tickets.filter(isResale);
  if (resale.length > 1 || resale.some((line) => line.tk_qtd > 1)) {
    throw new HttpError(400, RESERVE_MESSAGES.secondResale, 'second_resale');
  }
  const seen = new Set<string>();
  const documents = new Set<string>();
  for (const line of input.tickets) {
    if ((line.holder_emails?.length ?? 0) > line.tk_qtd) {
      throw new HttpError(400, RESERVE_MESSAGES.tooManyHolders, 'validation');
    }
    if (line.meia) {
      if (isResale(line)) throw new HttpError(400, MEIA_MESSAGES.notForResale, 'validation');
      if (line.meia.length > line.tk_qtd) {
        throw new HttpError(400, MEIA_MESSAGES.tooManyBeneficiaries, 'validation');
      }
      line.meia = line.meia.map(cleanBeneficiary);
      for (const beneficiary of line.meia) {
        if (documents.has(beneficiary.document)) {
          throw new HttpError(400, MEIA_MESSAGES.duplicateDocument, 'validation');
        }
        documents.add(beneficiary.document);
      }
    }
    if (isResale(line)) {
      if (!line.resaleId) throw new HttpError(400, RESERVE_MESSAGES.resaleNotFound, 'validation');
      continue;
    }
    const place = line.seat_id
      ? `s${line.seat_id}`
      : line.table_id || line.seat_group_id
        ? `t${line.table_id || line.seat_group_id}`
        : null;
    if (place) {
      if (line.tk_qtd !== 1) throw new HttpError(400, RESERVE_MESSAGES.oneSeatPerLine, 'validation');
      if (seen.has(place)) throw new HttpError(400, RESERVE_MESSAGES.duplicateSeat, 'validation');
      seen.add(place);
    }
  }
}

/**
 * Reserves a cart atomically: every ticket, seat, product and the coupon, or nothing.
 * Counters move only by conditional UPDATEs (`… WHERE quantity - sold - reserved >= n`),
 * so concurrent buyers can never oversell a lot. Seats must be held by the request's
 * session; their hold is stretched to the order's expiry. When a lot or the coupon looks
 * exhausted, expired reservations of the event are reclaimed and the attempt is repeated
 * once, so stock comes back without a sweeper. A previous live reservation of the same
 * customer and event is cancelled first (one live reservation per customer per event;
 * starting checkout again replaces it), a lot's per-order limit also caps the units the
 * customer has bought across orders, and a limited coupon is one use per customer.
 */
export async function reserveCart(db: Database, input: ReserveInput): Promise<ReserveResult> {
  validateLines(input);
  try {
    return await retryOnConflict(() => attempt(db, input));
  } catch (error) {
    if (!(error instanceof Unavailable)) throw error;
    if (!error.stockShort) return error.result;
    const reclaimed = await retryOnConflict(() => reclaimExpired(db, input.eventId));
    if (reclaimed.length === 0) return error.result;
    try {
      return await retryOnConflict(() => attempt(db, input));
    } catch (again) {
      if (again instanceof Unavailable) return again.result;
      throw again;
    }
  }
}

/**
 * One reservation transaction. The phases run in this order on purpose: the rows most
 * buyers contend for (the coupon, then general-admission lots) are locked last, so their
 * locks are held for the shortest time, and always in id order so two buyers cannot
 * deadlock.
 */
async function attempt(db: Database, input: ReserveInput): Promise<ReserveResult> {
  return db.transaction(async (tx) => {
    const event = await eventOnSale(tx, input.eventId);
    await cancelPreviousReservation(tx, input);
    const types = await ticketTypesOf(tx, input);
    const order = await openOrder(tx, input);
    const draft = new ReservationDraft(input);
    const generalAdmission = checkTicketLines(input, types);
    await reserveProducts(tx, input, draft);
    await takeHeldSeats(tx, input, types, order, draft);
    await reserveResaleListing(tx, input, order, draft);
    const coupon = await useCoupon(tx, input, draft);
    // A seat refusal fails the attempt anyway: no need to lock the busiest lots for it.
    if (!draft.seatFailed) await reserveGeneralAdmission(tx, input, types, generalAdmission, draft);
    // The event's meia quota is its hottest row: taken last, only when everything else is.
    if (!draft.ticketFailed && !draft.productFailed) await reserveMeias(tx, input, order, draft);
    refuseIncomplete(draft);
    return completeOrder(tx, input, event, order, draft, coupon);
  });
}

/** The event being sold, with its service fee. */
interface EventOnSale {
  id: number;
  service_fee_bps: number;
}

/** The order row opened for this attempt. */
interface OpenedOrder {
  id: number;
  number: string;
  expiresAt: Date;
}

/** The coupon an attempt used, as answered and as recorded on the order. */
interface UsedCoupon {
  id: number;
  terms: NonNullable<ReservedOrder['coupon']>;
}

/** The event, when it is published and not over (409 otherwise). */
async function eventOnSale(tx: Queryable, eventId: number): Promise<EventOnSale> {
  const event = await selectOne<EventOnSale>(
    tx,
    sql`SELECT id, service_fee_bps FROM events
        WHERE id = ${eventId} AND status = 'published' AND ends_at > now()`,
  );
  if (!event) throw new HttpError(409, RESERVE_MESSAGES.eventNotOnSale, 'not_on_sale');
  return event;
}

/**
 * One live reservation per customer per event: a new one replaces the last, whatever
 * browser session it came from, so varying `sessionId` can no longer pile up 15-minute
 * reservations of a lot or a coupon. A transaction-scoped advisory lock on (customer,
 * event) makes two concurrent reservations of one customer run one after the other, so the
 * second always sees, and cancels, the first.
 */
async function cancelPreviousReservation(tx: Queryable, input: ReserveInput): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`reserve:${input.customerId}:${input.eventId}`}, 0))`,
  );
  // An order being paid in a group (shared-payments/) is the friends' too: it stays.
  await endReservations(
    tx,
    sql`event_id = ${input.eventId} AND customer_id = ${input.customerId}
        AND NOT EXISTS (SELECT 1 FROM shared_payments g WHERE g.order_id = orders.id)`,
    'cancelled',
  );
}

/** The event's lots named by the ticket lines, by id. */
async function ticketTypesOf(tx: Queryable, input: ReserveInput): Promise<Map<number, TicketTypeRow>> {
  const typeIds = [...new Set(input.tickets.map((line) => line.tk_id))];
  const types = new Map<number, TicketTypeRow>();
  if (typeIds.length === 0) return types;
  for (const row of await selectRows<TicketTypeRow>(
    tx,
    sql`SELECT id, name, price_cents, numbered, section_id, per_order_limit, n_number,
          status = 'active' AND (sales_start IS NULL OR sales_start <= now())
            AND (sales_end IS NULL OR sales_end > now()) AS sellable
        FROM ticket_types WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(typeIds)}::int[])`,
  )) {
    types.set(row.id, row);
  }
  return types;
}

/** Inserts the order (totals come at the end) with its 15-minute expiry. */
async function openOrder(tx: Queryable, input: ReserveInput): Promise<OpenedOrder> {
  const resaleLine = input.tickets.find(isResale);
  const number = resaleLine ? `RESALE_${resaleLine.resaleId}` : randomUUID();
  const order = await selectOne<{ id: number; expires_at: Date | string }>(
    tx,
    sql`INSERT INTO orders (number, customer_id, event_id, session_id, subtotal_cents, total_cents, expires_at)
        VALUES (${number}, ${input.customerId}, ${input.eventId}, ${input.sessionId}, 0, 0,
                now() + make_interval(secs => ${RESERVATION_SECONDS}::int))
        RETURNING id, expires_at`,
  );
  return { id: order!.id, number, expiresAt: new Date(order!.expires_at) };
}

/**
 * Checks every ticket line against its lot before anything is taken: the lot must be the
 * event's, and a seat given exactly when the lot is numbered. Answers the general-admission
 * lines, grouped by lot.
 */
function checkTicketLines(input: ReserveInput, types: Map<number, TicketTypeRow>): Map<number, number[]> {
  const generalAdmission = new Map<number, number[]>();
  input.tickets.forEach((line, index) => {
    if (isResale(line)) return;
    const type = types.get(line.tk_id);
    if (!type) throw new HttpError(400, RESERVE_MESSAGES.unknownTicket, 'unknown_ticket');
    const seated = Boolean(line.seat_id || line.table_id || line.seat_group_id);
    if (type.numbered && !seated) throw new HttpError(400, RESERVE_MESSAGES.seatRequired, 'seat_required');
    if (!type.numbered && seated) throw new HttpError(400, RESERVE_MESSAGES.seatNotAllowed, 'validation');
    if (!type.numbered) generalAdmission.set(type.id, [...(generalAdmission.get(type.id) ?? []), index]);
  });
  return generalAdmission;
}

/** Products, in id order: one conditional UPDATE each. */
async function reserveProducts(tx: Queryable, input: ReserveInput, draft: ReservationDraft): Promise<void> {
  const productQuantities = new Map<number, number>();
  for (const line of input.products) {
    productQuantities.set(line.product_id, (productQuantities.get(line.product_id) ?? 0) + line.product_qtd);
  }
  for (const productId of [...productQuantities.keys()].sort((a, b) => a - b)) {
    const quantity = productQuantities.get(productId)!;
    const product = await selectOne<{ price_cents: number; per_order_limit: number; status: string }>(
      tx,
      sql`SELECT price_cents, per_order_limit, status FROM products WHERE id = ${productId} AND event_id = ${input.eventId}`,
    );
    if (!product) throw new HttpError(400, RESERVE_MESSAGES.unknownProduct, 'unknown_product');
    // Units the customer's open shared-payment group holds count against the limit: a group
    // is a reservation too, and must not add one more of a one-per-order product.
    const inGroup = await productsInOpenGroup(tx, input.customerId, productId);
    const limit = Math.max(0, product.per_order_limit - inGroup);
    const allowed = product.status === 'active' && quantity <= limit;
    const reserved = allowed && (await reserveProductUnits(tx, productId, quantity));
    if (!reserved) {
      const left = await selectOne<{ left: number }>(
        tx,
        sql`SELECT GREATEST(0, stock - sold - reserved)::int AS left FROM products WHERE id = ${productId}`,
      );
      if (allowed) draft.stockShort = true;
      draft.refuseProduct(
        productId,
        product.status === 'active' ? Math.min(Number(left?.left ?? 0), limit) : 0,
      );
      continue;
    }
    draft.add({
      sortKey: PRODUCT_SORT_KEY,
      kind: 'product',
      ticketTypeId: null,
      productId,
      seatId: null,
      tableId: null,
      resaleId: null,
      n_number: null,
      quantity,
      unitPriceCents: product.price_cents,
      holderEmail: null,
    });
  }
}

/** Units of a product held by the customer's orders being paid in an open shared-payment group. */
async function productsInOpenGroup(tx: Queryable, customerId: number, productId: number): Promise<number> {
  const row = await selectOne<{ units: number }>(
    tx,
    sql`SELECT coalesce(sum(i.quantity), 0)::int AS units
        FROM order_items i JOIN orders o ON o.id = i.order_id
        JOIN shared_payments g ON g.order_id = o.id AND g.status = 'open'
        WHERE o.customer_id = ${customerId} AND o.status = 'reserved' AND i.kind = 'product' AND i.product_id = ${productId}`,
  );
  return Number(row?.units ?? 0);
}

/**
 * Seats and tables: each must be held, live, by this session, and made by no account or by
 * this customer (another account's hold is not taken by knowing its session id); the hold is
 * stretched to the order's expiry, tied to the order and becomes the customer's.
 */
async function takeHeldSeats(
  tx: Queryable,
  input: ReserveInput,
  types: Map<number, TicketTypeRow>,
  order: OpenedOrder,
  draft: ReservationDraft,
): Promise<void> {
  for (const [index, line] of input.tickets.entries()) {
    if (isResale(line)) continue;
    const type = types.get(line.tk_id)!;
    if (!type.numbered) continue;
    const tableId = line.table_id || line.seat_group_id || null;
    const seats = await selectRows<{ id: number; section_id: number; table_id: number | null }>(
      tx,
      tableId
        ? sql`SELECT id, section_id, table_id FROM seats WHERE event_id = ${input.eventId} AND table_id = ${tableId} ORDER BY id`
        : sql`SELECT id, section_id, table_id FROM seats WHERE event_id = ${input.eventId} AND id = ${line.seat_id ?? 0}`,
    );
    if (seats.length === 0 || (!tableId && seats[0]!.table_id !== null)) {
      throw new HttpError(400, RESERVE_MESSAGES.seatWrongSection, 'validation');
    }
    if (type.section_id !== null && seats.some((seat) => seat.section_id !== type.section_id)) {
      throw new HttpError(400, RESERVE_MESSAGES.seatWrongSection, 'validation');
    }
    const ids = seats.map((seat) => seat.id);
    const taken = type.sellable
      ? await reserveHeldSeats(
          tx,
          { eventId: input.eventId, seatIds: ids, sessionId: input.sessionId, customerId: input.customerId },
          { id: order.id, untilIso: order.expiresAt.toISOString() },
        )
      : [];
    if (taken.length !== ids.length) {
      draft.refuseTicket(index, 0);
      draft.seatFailed = true;
      continue;
    }
    ids.forEach((seatId, unit) => {
      draft.add(ticketDraft(index, line, unit, type, { seatId, tableId }));
    });
  }
}

/** The resale ticket: the listing is reserved for this order until its expiry. */
async function reserveResaleListing(
  tx: Queryable,
  input: ReserveInput,
  order: OpenedOrder,
  draft: ReservationDraft,
): Promise<void> {
  const resaleLine = input.tickets.find(isResale);
  if (!resaleLine) return;
  const index = input.tickets.indexOf(resaleLine);
  const listing = await selectOne<{
    id: number;
    price_cents: number;
    seller_id: number | null;
    ticket_type_id: number;
    n_number: number;
    seat_id: number | null;
  }>(
    tx,
    sql`SELECT r.id, r.price_cents, r.seller_id, tk.ticket_type_id, tk.n_number, tk.seat_id
        FROM resale_listings r JOIN tickets tk ON tk.id = r.ticket_id
        WHERE r.id = ${resaleLine.resaleId ?? 0} AND r.event_id = ${input.eventId}`,
  );
  if (!listing) throw new HttpError(404, RESERVE_MESSAGES.resaleNotFound, 'not_found');
  if (listing.seller_id === input.customerId)
    throw new HttpError(400, RESERVE_MESSAGES.ownResale, 'own_resale');
  const taken = await reserveListing(tx, listing.id, {
    id: order.id,
    untilIso: order.expiresAt.toISOString(),
  });
  if (!taken) {
    draft.refuseTicket(index, 0);
    return;
  }
  draft.add({
    sortKey: index,
    kind: 'resale',
    ticketTypeId: listing.ticket_type_id,
    productId: null,
    seatId: listing.seat_id,
    tableId: null,
    resaleId: listing.id,
    n_number: listing.n_number,
    quantity: 1,
    unitPriceCents: listing.price_cents,
    holderEmail: holderEmail(resaleLine, 0),
  });
}

/** Counts one use of the coupon, if one was given and it has a use left. */
async function useCoupon(
  tx: Queryable,
  input: ReserveInput,
  draft: ReservationDraft,
): Promise<UsedCoupon | null> {
  const code = input.coupon?.trim();
  if (!code) return null;
  const found = await selectOne<{
    id: number;
    code: string;
    kind: 'percent' | 'fixed';
    value: number;
    valid: boolean;
  }>(
    tx,
    sql`SELECT id, code, kind, value,
          (valid_from IS NULL OR valid_from <= now()) AND (valid_until IS NULL OR valid_until > now()) AS valid
        FROM coupons WHERE event_id = ${input.eventId} AND upper(code) = upper(${code})`,
  );
  if (!found?.valid) throw new HttpError(400, RESERVE_MESSAGES.couponInvalid, 'coupon_invalid');
  // A coupon with a usage limit is one use per customer: with one live reservation per
  // customer per event, nobody can hold more than one of its uses at a time, nor spend
  // several. Unlimited coupons cannot be exhausted, so they are not counted per customer.
  const limited = await selectOne<{ used_before: boolean }>(
    tx,
    sql`SELECT usage_limit IS NOT NULL AND EXISTS (
          SELECT 1 FROM orders WHERE customer_id = ${input.customerId} AND coupon_id = ${found.id} AND status = 'paid'
        ) AS used_before
        FROM coupons WHERE id = ${found.id}`,
  );
  if (limited?.used_before) throw new HttpError(400, RESERVE_MESSAGES.couponAlreadyUsed, 'coupon_used');
  const used = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE coupons SET used = used + 1
        WHERE id = ${found.id} AND (usage_limit IS NULL OR used < usage_limit) RETURNING id`,
  );
  if (used.length === 0) {
    // Reclaiming expired reservations may free a use; otherwise the coupon is spent.
    throw new Unavailable(
      {
        ok: false,
        message: RESERVE_MESSAGES.couponExhausted,
        tickets: draft.tickets,
        products: draft.products,
      },
      true,
    );
  }
  return { id: found.id, terms: { code: found.code, kind: found.kind, value: found.value } };
}

/**
 * General-admission lots, with lot turnover (`catalogue/lots.ts`): the lines naming any lot
 * of a ticket type are taken together from the type's lots in selling order, the current
 * lot first and, when it runs out (even in the middle of this order), the next, each unit at
 * the price of the lot it came from. Types go in the order of their first lot's id, lots in
 * selling order, so two buyers lock rows in the same order.
 */
async function reserveGeneralAdmission(
  tx: Queryable,
  input: ReserveInput,
  types: Map<number, TicketTypeRow>,
  generalAdmission: Map<number, number[]>,
  draft: ReservationDraft,
): Promise<void> {
  const sequences = await lotSequencesOf(tx, input.eventId, [...generalAdmission.keys()]);
  // Lines grouped by ticket type (the name its lots share), in request order within a type.
  const byType = new Map<string, number[]>();
  for (const [typeId, lines] of generalAdmission) {
    const name = types.get(typeId)!.name;
    byType.set(name, [...(byType.get(name) ?? []), ...lines]);
  }
  const firstId = (name: string) => sequences.get(name)?.lots[0]?.id ?? 0;
  for (const name of [...byType.keys()].sort((a, b) => firstId(a) - firstId(b))) {
    const lines = byType.get(name)!.sort((a, b) => a - b);
    const selling = sequences.get(name)?.selling ?? [];
    const quantity = lines.reduce((sum, index) => sum + input.tickets[index]!.tk_qtd, 0);
    // The limit is the named lot's; units bought count across every lot of the type.
    const limit = Math.min(...lines.map((index) => types.get(input.tickets[index]!.tk_id)!.per_order_limit));
    const lotIds = sequences.get(name)?.lots.map((lot) => lot.id) ?? [];
    const bought = await unitsBought(tx, input.customerId, lotIds);
    const sellable = selling.length > 0;
    if (sellable && quantity <= limit && bought + quantity > limit) {
      for (const index of lines) draft.refuseTicket(index, limit - bought);
      draft.customerLimit = limit;
      continue;
    }
    const taken: { lot: LotRow; units: number }[] = [];
    let missing = sellable && quantity <= limit ? quantity : 0;
    let waitForReclaim = false;
    for (const lot of missing > 0 ? selling : []) {
      const units = await takeFromLot(tx, lot.id, missing);
      if (units > 0) taken.push({ lot, units });
      missing -= units;
      if (missing === 0) break;
      // Expired reservations still count against this lot: it must sell them before the
      // next lot opens, so reclaim first (the attempt is refused, reclaimed and repeated).
      if (await hasExpiredUnits(tx, lot.id)) {
        waitForReclaim = true;
        break;
      }
    }
    if (waitForReclaim) {
      draft.stockShort = true;
      for (const index of lines) draft.refuseTicket(index, 0);
      continue;
    }
    if (!sellable || quantity > limit || missing > 0) {
      // What the open lots still had (the attempt rolls back, so nothing stays taken).
      const left = taken.reduce((sum, part) => sum + part.units, 0);
      if (sellable && quantity <= limit) draft.stockShort = true;
      const allow = sellable ? Math.min(quantity > limit ? await unitsLeft(tx, selling) : left, limit) : 0;
      for (const index of lines) draft.refuseTicket(index, allow);
      continue;
    }
    // Hand the taken units to the lines in order, each at the price of its own lot.
    const units = taken.flatMap((part) => Array.from({ length: part.units }, () => part.lot));
    let next = 0;
    for (const index of lines) {
      const line = input.tickets[index]!;
      const given = new Map<number, number>();
      for (let unit = 0; unit < line.tk_qtd; unit++) {
        const lot = units[next++]!;
        draft.add(ticketDraft(index, line, unit, lotAsType(lot)));
        given.set(lot.id, (given.get(lot.id) ?? 0) + 1);
      }
      const named = sequences.get(name)?.lots.find((lot) => lot.id === line.tk_id);
      for (const [lotId, count] of given) {
        if (lotId === line.tk_id) continue;
        const lot = taken.find((part) => part.lot.id === lotId)!.lot;
        draft.notices.push(
          lotTurnNotice({
            requested: named?.n_number ?? types.get(line.tk_id)!.n_number,
            given: lot.n_number,
            priceCents: line.meia ? meiaPriceCents(lot.price_cents) : lot.price_cents,
            units: count,
            reason:
              lot.n_number < (named?.n_number ?? 0)
                ? 'stillOpen'
                : named && selling.includes(named)
                  ? 'soldOut'
                  : 'closed',
          }),
        );
      }
    }
  }
}

/** A lot taken by the turnover, as a line of the order reads it. */
function lotAsType(lot: LotRow): TicketTypeRow {
  return {
    id: lot.id,
    name: lot.name,
    price_cents: lot.price_cents,
    numbered: false,
    section_id: null,
    per_order_limit: lot.per_order_limit,
    n_number: lot.n_number,
    sellable: true,
  };
}

/** Whether reservations past their expiry, not yet reclaimed, hold units of the lot. */
async function hasExpiredUnits(tx: Queryable, lotId: number): Promise<boolean> {
  const row = await selectOne<{ expired: boolean }>(
    tx,
    sql`SELECT EXISTS (
          SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id
          WHERE i.ticket_type_id = ${lotId} AND i.kind = 'ticket' AND o.status = 'reserved' AND o.expires_at <= now()
        ) AS expired`,
  );
  return Boolean(row?.expired);
}

/** Units left across the given lots (for the allowance of a refused line). */
async function unitsLeft(tx: Queryable, lots: LotRow[]): Promise<number> {
  const row = await selectOne<{ left: number }>(
    tx,
    sql`SELECT coalesce(sum(GREATEST(0, quantity - sold - reserved)), 0)::int AS left
        FROM ticket_types WHERE id = ANY(${pgIntArray(lots.map((lot) => lot.id))}::int[])`,
  );
  return Number(row?.left ?? 0);
}

/**
 * Meia-entrada: the meia units of every ticket line (general admission and seats) take the
 * event's quota in one conditional UPDATE, in the same transaction as their lots and seats,
 * and their beneficiaries' documents are claimed (one meia per document per event).
 */
async function reserveMeias(
  tx: Queryable,
  input: ReserveInput,
  order: OpenedOrder,
  draft: ReservationDraft,
): Promise<void> {
  const meias = draft.orderedItems().filter((item) => item.meia);
  if (meias.length === 0) return;
  const accepted = await meiaCategoryIds(tx, input.eventId);
  if (meias.some((item) => !accepted.has(item.meia!.category))) {
    throw new HttpError(400, MEIA_MESSAGES.unknownCategory, 'validation');
  }
  if (!(await takeMeias(tx, input.eventId, meias.length))) {
    const left = await meiasLeft(tx, input.eventId);
    draft.stockShort = true;
    draft.meiaShort = true;
    input.tickets.forEach((line, index) => {
      if (line.meia) draft.refuseTicket(index, Math.min(left, line.tk_qtd));
    });
    return;
  }
  await claimDocuments(
    tx,
    input.eventId,
    order.id,
    meias.map((item) => item.meia!.document),
  );
}

/**
 * The units of these lots the customer has bought in paid orders, or holds in an order being
 * paid by an open shared-payment group (the live reservation was just cancelled).
 */
async function unitsBought(tx: Queryable, customerId: number, lotIds: number[]): Promise<number> {
  const row = await selectOne<{ units: number }>(
    tx,
    sql`SELECT coalesce(sum(i.quantity), 0)::int AS units
        FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.customer_id = ${customerId}
          AND (o.status = 'paid' OR (o.status = 'reserved'
            AND EXISTS (SELECT 1 FROM shared_payments g WHERE g.order_id = o.id AND g.status = 'open')))
          AND i.kind = 'ticket' AND i.ticket_type_id = ANY(${pgIntArray(lotIds)}::int[])
          -- A refunded ticket no longer counts: its buyer may buy again up to the limit.
          AND NOT EXISTS (SELECT 1 FROM tickets t WHERE t.order_item_id = i.id AND t.status = 'refunded')`,
  );
  return row?.units ?? 0;
}

/** Rolls the attempt back when any line was refused, answering why (seats first). */
function refuseIncomplete(draft: ReservationDraft): void {
  if (!draft.ticketFailed && !draft.productFailed) return;
  const message = draft.seatFailed
    ? RESERVE_MESSAGES.seatUnavailable
    : draft.meiaShort
      ? MEIA_MESSAGES.unavailable
      : draft.customerLimit !== null
        ? RESERVE_MESSAGES.perCustomerLimit(draft.customerLimit)
        : draft.ticketFailed
          ? RESERVE_MESSAGES.ticketUnavailable
          : RESERVE_MESSAGES.productUnavailable;
  throw new Unavailable(
    { ok: false, message, tickets: draft.tickets, products: draft.products },
    draft.stockShort,
  );
}

/** Prices the taken lines, writes them with the totals, and answers the reserved order. */
async function completeOrder(
  tx: Queryable,
  input: ReserveInput,
  event: EventOnSale,
  order: OpenedOrder,
  draft: ReservationDraft,
  coupon: UsedCoupon | null,
): Promise<ReserveResult> {
  const items = draft.orderedItems();
  const centsOf = (kind: ItemDraft['kind'], meia = false) =>
    items.reduce(
      (sum, item) =>
        item.kind === kind && Boolean(item.meia) === meia ? sum + item.quantity * item.unitPriceCents : sum,
      0,
    );
  const totals = priceOrder({
    ticketCents: centsOf('ticket'),
    meiaCents: centsOf('ticket', true),
    resaleCents: centsOf('resale'),
    productCents: centsOf('product'),
    feeBps: event.service_fee_bps,
    coupon: coupon?.terms ?? null,
  });
  await writeOrderLines(tx, order.id, items, {
    ...totals,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.terms.code ?? null,
    resaleListingId: input.tickets.find(isResale)?.resaleId ?? null,
  });
  return {
    ok: true,
    tickets: draft.tickets,
    products: draft.products,
    order: {
      id: order.id,
      number: order.number,
      status: 'reserved',
      eventId: input.eventId,
      ...totals,
      coupon: coupon?.terms ?? null,
      expiresAt: order.expiresAt.toISOString(),
      items: items.map(({ sortKey, ...item }) => item),
      notices: draft.notices,
    },
  };
}
