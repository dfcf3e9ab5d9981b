/**
 * Selling a ticket on resale (docs/resale.md): the quote, listing, withdrawal and the
 * seller's list. Listing and withdrawal each bump the ticket's holder version, so the code
 * the seller had dies at once and a withdrawn ticket comes back with a fresh one.
 */
import type { ResaleListing, ResaleQuote } from '@plateia/core/contracts/resale';
import { RESALE_ERRORS } from '@plateia/core/messages/resale';
import { RESALE_MIN_PRICE_CENTS, resaleFeeCents, ticketFaceValueCents } from '@plateia/core/rules/resale';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectOne, selectRows, sqlState } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { bumpHolderVersion } from '../tickets/holder.ts';
import { resaleFeeBps } from './settings.ts';

/** What resale calls need besides the database. */
export interface ResaleDeps {
  /** The host's clock: decides whether the event has started. */
  now: Date;
}

/** A ticket as resale judges it. */
interface TicketForSale {
  id: number;
  customer_id: number | null;
  status: string;
  courtesy: boolean;
  price_cents: number;
  order_id: number | null;
  line_kind: 'ticket' | 'resale' | 'product' | null;
  event_status: string;
  starts_at: string | Date;
  listed: boolean;
  pending_transfer: boolean;
}

const fail = (status: number, code: Exclude<keyof typeof RESALE_ERRORS, 'priceTooHigh' | 'priceTooLow'>) =>
  new HttpError(status, RESALE_ERRORS[code], code);

/**
 * The customer's ticket, checked for sale: 404 unknown, 403 someone else's, 409 when it
 * cannot be offered (not valid, already listed, transfer pending, courtesy, event closed
 * or started). `lock` takes the ticket's row for the rest of the transaction, the same
 * lock transfers take, so a listing and a transfer of one ticket never both happen.
 */
async function ticketForSale(
  tx: Queryable,
  customerId: number,
  ticketId: number,
  now: Date,
  lock: boolean,
): Promise<TicketForSale> {
  const ticket = await selectOne<TicketForSale>(
    tx,
    sql`SELECT t.id, t.customer_id, t.status, t.courtesy, t.price_cents, t.order_id,
               (SELECT i.kind FROM order_items i WHERE i.id = t.order_item_id) AS line_kind,
               e.status AS event_status, e.starts_at,
               EXISTS (SELECT 1 FROM resale_listings r WHERE r.ticket_id = t.id AND r.status = 'active') AS listed,
               EXISTS (SELECT 1 FROM ticket_transfers tr WHERE tr.ticket_id = t.id AND tr.status = 'pending') AS pending_transfer
        FROM tickets t JOIN events e ON e.id = t.event_id
        WHERE t.id = ${ticketId} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  if (!ticket) throw fail(404, 'notFound');
  if (ticket.customer_id === null || Number(ticket.customer_id) !== customerId) throw fail(403, 'notOwner');
  if (ticket.listed) throw fail(409, 'alreadyListed');
  if (ticket.status !== 'valid') throw fail(409, 'notValid');
  if (ticket.pending_transfer) throw fail(409, 'pendingTransfer');
  if (ticket.courtesy) throw fail(409, 'courtesy');
  if (ticket.event_status !== 'published') throw fail(409, 'eventClosed');
  if (new Date(ticket.starts_at).getTime() <= now.getTime()) throw fail(409, 'eventStarted');
  return ticket;
}

/** The most the ticket may be listed for: its face value (price less its discount share, no fee). */
async function maxPriceOf(tx: Queryable, ticket: TicketForSale): Promise<number> {
  const priceCents = Number(ticket.price_cents);
  if (ticket.order_id === null) return ticketFaceValueCents({ priceCents, lineKind: null, order: null });
  const order = await selectOne<{ discount_cents: number; ticket_lines: string | number }>(
    tx,
    sql`SELECT o.discount_cents,
               (SELECT coalesce(sum(i.unit_price_cents * i.quantity), 0) FROM order_items i
                 WHERE i.order_id = o.id AND i.kind = 'ticket') AS ticket_lines
        FROM orders o WHERE o.id = ${ticket.order_id}`,
  );
  return ticketFaceValueCents({
    priceCents,
    lineKind: ticket.line_kind === 'ticket' || ticket.line_kind === 'resale' ? ticket.line_kind : null,
    order: order
      ? { discountCents: Number(order.discount_cents), ticketLinesCents: Number(order.ticket_lines) }
      : null,
  });
}

/** Throws the pt-BR 400 unless `priceCents` lies between the minimum and the ticket's cap. */
function checkPrice(priceCents: number, maxPriceCents: number): void {
  if (!Number.isSafeInteger(priceCents) || priceCents < RESALE_MIN_PRICE_CENTS) {
    throw new HttpError(400, RESALE_ERRORS.priceTooLow(RESALE_MIN_PRICE_CENTS), 'priceTooLow');
  }
  if (priceCents > maxPriceCents) {
    throw new HttpError(400, RESALE_ERRORS.priceTooHigh(maxPriceCents), 'priceTooHigh');
  }
}

/**
 * What listing the ticket would give: its cap, the fee setting and, for `priceCents` (the
 * cap when omitted), the fee and what the seller receives. Refused like a listing would be.
 */
export async function quoteResale(
  db: Database,
  deps: ResaleDeps,
  customerId: number,
  ticketId: number,
  priceCents?: number,
): Promise<ResaleQuote> {
  const ticket = await ticketForSale(db, customerId, ticketId, deps.now, false);
  const maxPriceCents = await maxPriceOf(db, ticket);
  const price = priceCents ?? maxPriceCents;
  if (priceCents !== undefined) checkPrice(priceCents, maxPriceCents);
  const feeBps = await resaleFeeBps(db);
  const feeCents = resaleFeeCents(price, feeBps);
  return {
    ticketId,
    maxPriceCents,
    minPriceCents: RESALE_MIN_PRICE_CENTS,
    feeBps,
    priceCents: price,
    feeCents,
    netCents: price - feeCents,
  };
}

/** A `resale_listings` row joined with what the seller's list shows. */
interface ListingRow {
  id: number;
  ticket_id: number;
  status: ResaleListing['status'];
  price_cents: number;
  fee_cents: number | null;
  reserved: boolean;
  created_at: string | Date;
  closed_at: string | Date | null;
  event_id: number;
  slug: string;
  event_name: string;
  starts_at: string | Date;
  ticket_type_id: number;
  type_name: string;
  n_number: number;
}

const LISTING_COLUMNS = sql`r.id, r.ticket_id, r.status, r.price_cents, r.fee_cents, r.created_at, r.closed_at,
  (r.status = 'active' AND r.order_id IS NOT NULL AND r.reserved_until > now()) AS reserved,
  e.id AS event_id, e.slug, e.name AS event_name, e.starts_at,
  tt.id AS ticket_type_id, tt.name AS type_name, t.n_number`;

const LISTING_JOINS = sql`FROM resale_listings r
  JOIN tickets t ON t.id = r.ticket_id
  JOIN events e ON e.id = r.event_id
  JOIN ticket_types tt ON tt.id = t.ticket_type_id`;

function listingView(row: ListingRow, feeBps: number): ResaleListing {
  const priceCents = Number(row.price_cents);
  const feeCents = row.fee_cents === null ? resaleFeeCents(priceCents, feeBps) : Number(row.fee_cents);
  return {
    id: Number(row.id),
    ticketId: Number(row.ticket_id),
    status: row.status,
    priceCents,
    feeCents,
    netCents: priceCents - feeCents,
    reserved: Boolean(row.reserved),
    createdAt: new Date(row.created_at).toISOString(),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at).toISOString(),
    event: {
      id: Number(row.event_id),
      slug: row.slug,
      name: row.event_name,
      startsAt: new Date(row.starts_at).toISOString(),
    },
    ticketType: { id: Number(row.ticket_type_id), name: row.type_name, nNumber: Number(row.n_number) },
  };
}

async function readListing(tx: Queryable, listingId: number): Promise<ResaleListing> {
  const row = await selectOne<ListingRow>(
    tx,
    sql`SELECT ${LISTING_COLUMNS} ${LISTING_JOINS} WHERE r.id = ${listingId}`,
  );
  return listingView(row!, await resaleFeeBps(tx));
}

/**
 * Lists the customer's ticket at `priceCents` (between R$ 1,00 and what was paid for it).
 * In one transaction, with the ticket's row locked: the checks, the listing (with the fee
 * quoted now) and the holder version bump that kills the seller's code. Of two listings of
 * one ticket at once, one is created and the other answers 409.
 */
export async function listTicket(
  db: Database,
  deps: ResaleDeps,
  customerId: number,
  ticketId: number,
  priceCents: number,
): Promise<ResaleListing> {
  try {
    return await retryOnConflict(() =>
      db.transaction(async (tx) => {
        const ticket = await ticketForSale(tx, customerId, ticketId, deps.now, true);
        checkPrice(priceCents, await maxPriceOf(tx, ticket));
        const feeCents = resaleFeeCents(priceCents, await resaleFeeBps(tx));
        const listing = await selectOne<{ id: number }>(
          tx,
          sql`INSERT INTO resale_listings (event_id, ticket_id, seller_id, price_cents, fee_cents, created_at)
              SELECT t.event_id, t.id, ${customerId}, ${priceCents}, ${feeCents}, ${deps.now.toISOString()}::timestamptz
              FROM tickets t WHERE t.id = ${ticketId}
              RETURNING id`,
        );
        await bumpHolderVersion(tx, ticketId);
        return readListing(tx, Number(listing!.id));
      }),
    );
  } catch (error) {
    // The one-open-listing-per-ticket index: a concurrent listing of the same ticket won.
    if (sqlState(error) === '23505') throw fail(409, 'alreadyListed');
    throw error;
  }
}

/**
 * The seller takes an active listing down: the ticket is theirs again with a fresh code
 * (another holder version bump). Refused (409) while a buyer's live reservation holds the
 * listing, so a buyer in checkout is never left paying for a ticket that was withdrawn;
 * once that reservation expires the withdrawal goes through, and a payment arriving later
 * finds the listing closed and is kept for a refund. The listing's row is locked first (as
 * settlement locks it), so a withdrawal and a sale of one listing end one way only.
 */
export async function withdrawListing(
  db: Database,
  deps: ResaleDeps,
  customerId: number,
  listingId: number,
): Promise<ResaleListing> {
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const listing = await selectOne<{ seller_id: number | null; status: string; ticket_id: number }>(
        tx,
        sql`SELECT seller_id, status, ticket_id FROM resale_listings WHERE id = ${listingId} FOR UPDATE`,
      );
      if (!listing) throw fail(404, 'listingNotFound');
      if (listing.seller_id === null || Number(listing.seller_id) !== customerId)
        throw fail(403, 'notSeller');
      if (listing.status !== 'active') throw fail(409, 'listingClosed');
      const withdrawn = await selectRows<{ id: number }>(
        tx,
        sql`UPDATE resale_listings SET status = 'cancelled', closed_at = ${deps.now.toISOString()}::timestamptz
            WHERE id = ${listingId} AND status = 'active'
              AND (order_id IS NULL OR reserved_until IS NULL OR reserved_until <= now())
            RETURNING id`,
      );
      if (withdrawn.length === 0) throw fail(409, 'reserved');
      await bumpHolderVersion(tx, Number(listing.ticket_id));
      return readListing(tx, listingId);
    }),
  );
}

/** The customer's listings, newest first: on offer, sold and withdrawn. */
export async function sellerListings(
  db: Queryable,
  customerId: number,
): Promise<{ listings: ResaleListing[] }> {
  const rows = await selectRows<ListingRow>(
    db,
    sql`SELECT ${LISTING_COLUMNS} ${LISTING_JOINS} WHERE r.seller_id = ${customerId} ORDER BY r.id DESC LIMIT 200`,
  );
  const feeBps = await resaleFeeBps(db);
  return { listings: rows.map((row) => listingView(row, feeBps)) };
}

/** A ticket that dies (a refund) closes its open listing, if it has one. */
export async function cancelOpenListingOf(tx: Queryable, ticketId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE resale_listings SET status = 'cancelled' WHERE ticket_id = ${ticketId} AND status = 'active'`,
  );
}

/**
 * A paid order takes the listing it reserved: sold to `orderId`, if it is still active and
 * held by that order or by nobody live. Answers the listed ticket, or null when it is gone.
 */
export async function markListingSold(
  tx: Queryable,
  listingId: number,
  orderId: number,
  nowIso: string,
): Promise<{ ticket_id: number } | null> {
  return selectOne<{ ticket_id: number }>(
    tx,
    sql`UPDATE resale_listings SET status = 'sold', order_id = ${orderId}
        WHERE id = ${listingId} AND status = 'active'
          AND (order_id = ${orderId} OR order_id IS NULL OR reserved_until IS NULL OR reserved_until <= ${nowIso}::timestamptz)
        RETURNING ticket_id`,
  );
}

/**
 * A reservation takes a listing for its order until `untilIso`, if it is active and no
 * live reservation holds it. True when taken.
 */
export async function reserveListing(
  tx: Queryable,
  listingId: number,
  order: { id: number; untilIso: string },
): Promise<boolean> {
  const taken = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE resale_listings SET order_id = ${order.id}, reserved_until = ${order.untilIso}::timestamptz
        WHERE id = ${listingId} AND status = 'active' AND (order_id IS NULL OR reserved_until <= now())
        RETURNING id`,
  );
  return taken.length > 0;
}

/** The orders ended unpaid: the listings they reserved are on offer again. */
export async function releaseListingReservations(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    UPDATE resale_listings SET order_id = NULL, reserved_until = NULL
    WHERE order_id = ANY(${pgIntArray(orderIds)}::int[]) AND status = 'active'`);
}

/** The listings an order reserved stay reserved until `untilIso` (a shared payment's close). */
export async function extendListingReservations(
  tx: Queryable,
  orderId: number,
  untilIso: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE resale_listings SET reserved_until = ${untilIso}::timestamptz
        WHERE order_id = ${orderId} AND status = 'active'`,
  );
}
