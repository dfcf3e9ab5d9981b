/**
 * The money side of a resale (docs/resale.md "Settlement", docs/ledger.md): the buyer's
 * payment puts the price in `platform_clearing`, where it is held until the resold ticket can
 * no longer be refunded (the event has ended); then `releaseResaleProceeds` credits the
 * seller. A refund of the buyer's ticket before that undoes the sale (`undoResale`): the
 * held price pays the buyer back and the seller's ticket comes back to life.
 */
import { resaleFeeCents } from '@plateia/core/rules/resale';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { type LedgerLeg, postMovement } from '../ledger/index.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { bumpHolderVersion } from '../tickets/holder.ts';
import { resaleFeeBps } from './settings.ts';

/** The ledger key of a listing's sale: one per listing, whichever path settles it. */
export const resaleMovementKey = (listingId: number): string => `resale:${listingId}`;

/**
 * At the settlement of an order that bought listings (orders/fulfilment.ts, in its
 * transaction): records when each listing closed. No money moves here: the seller is paid
 * later, by `releaseResaleProceeds` once the event has ended; until then the price stays in
 * `platform_clearing`, owed to the seller, so a refund of the buyer's ticket is funded by it.
 */
export async function recordListingsClosed(
  tx: Queryable,
  listingIds: readonly number[],
  at: Date,
): Promise<void> {
  if (listingIds.length === 0) return;
  await execute(
    tx,
    sql`UPDATE resale_listings SET closed_at = ${at.toISOString()}::timestamptz
        WHERE id = ANY(${pgIntArray(listingIds)}::int[])`,
  );
}

/**
 * The `resale.release-proceeds` job: every sold listing whose event ended before `now` (and
 * was not cancelled), not undone and not yet released, pays its seller: `resale_sale`
 * (platform_clearing −price; the seller's wallet +price less the resale fee; platform_fees
 * +fee), key `resale:{listingId}`, so a second run or a second process posts nothing. Each
 * listing in its own transaction. Answers how many listings were released.
 */
export async function releaseResaleProceeds(db: Database, now: Date): Promise<number> {
  const due = await selectRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM resale_listings l JOIN events e ON e.id = l.event_id
        WHERE l.status = 'sold' AND l.proceeds_released_at IS NULL AND l.undone_at IS NULL
          AND l.seller_id IS NOT NULL AND e.ends_at <= ${now.toISOString()}::timestamptz
          AND e.status <> 'cancelled'
        ORDER BY l.id LIMIT 500`,
  );
  let released = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => releaseListing(tx, Number(id), now))) released++;
  }
  return released;
}

/**
 * Releases one listing's proceeds, the listing row locked (a refund undoing the sale locks it
 * too) and the event's row shared (a cancellation locks it for update), both re-checked.
 * The buyer's order is locked first, in the order a refund takes its locks (order, then
 * listing): the movement names the order, whose key-share lock would otherwise wait on a
 * refund holding the order while the refund waits on the listing.
 */
async function releaseListing(tx: Queryable, listingId: number, now: Date): Promise<boolean> {
  await execute(
    tx,
    sql`SELECT o.id FROM orders o JOIN resale_listings l ON l.order_id = o.id
        WHERE l.id = ${listingId} FOR UPDATE OF o`,
  );
  const listing = await selectOne<{
    seller_id: number | null;
    ticket_id: number;
    order_id: number | null;
    event_id: number;
    price_cents: number;
    fee_cents: number | null;
  }>(
    tx,
    sql`SELECT seller_id, ticket_id, order_id, event_id, price_cents, fee_cents FROM resale_listings
        WHERE id = ${listingId} AND status = 'sold' AND proceeds_released_at IS NULL AND undone_at IS NULL
        FOR UPDATE`,
  );
  if (!listing || listing.seller_id === null) return false;
  const event = await selectOne<{ ended: boolean }>(
    tx,
    sql`SELECT (status <> 'cancelled' AND ends_at <= ${now.toISOString()}::timestamptz) AS ended
        FROM events WHERE id = ${listing.event_id} FOR SHARE`,
  );
  if (!event?.ended) return false;
  const priceCents = Number(listing.price_cents);
  const feeCents =
    listing.fee_cents === null
      ? resaleFeeCents(priceCents, await resaleFeeBps(tx))
      : Number(listing.fee_cents);
  const sellerId = Number(listing.seller_id);
  if (priceCents > 0) {
    const legs: LedgerLeg[] = [
      { account: { kind: 'platform_clearing' }, amountCents: -priceCents },
      { account: { kind: 'customer_wallet', customerId: sellerId }, amountCents: priceCents - feeCents },
      { account: { kind: 'platform_fees' }, amountCents: feeCents },
    ];
    await postMovement(tx, {
      idempotencyKey: resaleMovementKey(listingId),
      kind: 'resale_sale',
      legs: legs.filter((leg) => leg.amountCents !== 0),
      customerId: sellerId,
      orderId: listing.order_id === null ? null : Number(listing.order_id),
      ticketId: Number(listing.ticket_id),
      memo: `RESALE_${listingId}`,
      at: now,
    });
  }
  await execute(
    tx,
    sql`UPDATE resale_listings SET proceeds_released_at = ${now.toISOString()}::timestamptz WHERE id = ${listingId}`,
  );
  return true;
}

/** The sale a resale ticket came from, as a refund of it needs to know. */
export interface ResaleOrigin {
  listingId: number;
  /** The ticket the seller held before the sale (now `resold`). */
  sellerTicketId: number;
  /** True once the price reached the seller: the sale can no longer be undone. */
  released: boolean;
}

/**
 * The listing `ticketId` was bought from, locked (null for a ticket not bought on resale).
 * Call inside the refund's transaction before deciding.
 */
export async function resaleOriginOf(tx: Queryable, ticketId: number): Promise<ResaleOrigin | null> {
  const row = await selectOne<{ id: number; ticket_id: number; proceeds_released_at: Date | string | null }>(
    tx,
    sql`SELECT l.id, l.ticket_id, l.proceeds_released_at FROM tickets t
        JOIN order_items i ON i.id = t.order_item_id AND i.kind = 'resale'
        JOIN resale_listings l ON l.id = i.resale_listing_id AND l.status = 'sold' AND l.order_id = t.order_id
        WHERE t.id = ${ticketId}
        FOR UPDATE OF l`,
  );
  if (!row) return null;
  return {
    listingId: Number(row.id),
    sellerTicketId: Number(row.ticket_id),
    released: row.proceeds_released_at !== null,
  };
}

/**
 * Undoes a sale whose buyer's ticket is being refunded (the caller has already voided it and
 * refunds the buyer from the held price): the listing is marked undone, so its proceeds are
 * never released, and the seller's ticket is valid again with a holder version bump (fresh
 * codes; none from before the sale passes). The unit stays sold: it is the seller's again.
 */
export async function undoResale(tx: Queryable, origin: ResaleOrigin, now: Date): Promise<void> {
  await execute(
    tx,
    sql`UPDATE resale_listings SET undone_at = ${now.toISOString()}::timestamptz
        WHERE id = ${origin.listingId} AND proceeds_released_at IS NULL`,
  );
  await bumpHolderVersion(tx, origin.sellerTicketId, { status: 'valid' });
}
