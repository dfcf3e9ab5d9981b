/**
 * The seller's side of a resale settlement (docs/resale.md, docs/ledger.md): runs inside
 * the settlement transaction that closed the listing, voided the seller's ticket and issued
 * the buyer's (payments/fulfilment.ts), so the seller is paid exactly when the sale is.
 */
import { resaleFeeCents } from '@plateia/core/rules/resale';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { postMovement } from '../ledger/index.ts';
import { resaleFeeBps } from './settings.ts';

/** The ledger key of a listing's sale: one per listing, whichever path settles it. */
export const resaleMovementKey = (listingId: number): string => `resale:${listingId}`;

/**
 * For each listing the order bought: records when it closed and posts `resale_sale`
 * (platform_clearing −price; the seller's wallet +price less the resale fee; platform_fees
 * +fee). The fee is the one quoted when the listing was created; a listing without one
 * (created before fees were recorded) takes the current setting. A listing without a
 * seller account (demo data only) leaves its price in clearing.
 */
export async function payResaleSellers(
  tx: Queryable,
  orderId: number,
  listingIds: readonly number[],
  at: Date,
): Promise<void> {
  for (const listingId of listingIds) {
    const listing = await selectOne<{
      seller_id: number | null;
      ticket_id: number;
      price_cents: number;
      fee_cents: number | null;
    }>(
      tx,
      sql`SELECT seller_id, ticket_id, price_cents, fee_cents FROM resale_listings WHERE id = ${listingId}`,
    );
    if (!listing) continue;
    await execute(
      tx,
      sql`UPDATE resale_listings SET closed_at = ${at.toISOString()}::timestamptz WHERE id = ${listingId}`,
    );
    const priceCents = Number(listing.price_cents);
    if (listing.seller_id === null || priceCents <= 0) continue;
    const feeCents =
      listing.fee_cents === null
        ? resaleFeeCents(priceCents, await resaleFeeBps(tx))
        : Number(listing.fee_cents);
    const sellerId = Number(listing.seller_id);
    await postMovement(tx, {
      idempotencyKey: resaleMovementKey(listingId),
      kind: 'resale_sale',
      legs: [
        { account: { kind: 'platform_clearing' }, amountCents: -priceCents },
        { account: { kind: 'customer_wallet', customerId: sellerId }, amountCents: priceCents - feeCents },
        { account: { kind: 'platform_fees' }, amountCents: feeCents },
      ],
      customerId: sellerId,
      orderId,
      ticketId: Number(listing.ticket_id),
      memo: `RESALE_${listingId}`,
      at,
    });
  }
}
