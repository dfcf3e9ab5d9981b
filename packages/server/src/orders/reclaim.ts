import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import { releaseListingReservations } from '../resale/listings.ts';
import { detachSeatsFromOrders } from '../seat-hold/seats.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { releaseLotReservations } from '../stock/lots.ts';
import { releaseMeiaReservations } from '../stock/meia-quota.ts';
import { releaseProductReservations } from '../stock/products.ts';

/**
 * Gives back everything the given orders reserved: lot and product units (each to the lot
 * its line came from, see "Lot turnover" in docs/buying.md), coupon uses, seats, resale
 * listings, meia-entrada quota units and their beneficiaries' document claims. Call inside the transaction that changed the orders' status.
 * Rows are locked in one fixed order (lots, products, coupons by id, then seats, then
 * listings), the same order a reservation takes them, to keep deadlocks rare.
 */
export async function returnStock(tx: Queryable, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await releaseLotReservations(tx, orderIds);
  await releaseProductReservations(tx, orderIds);
  const ids = pgIntArray(orderIds);
  await tx.execute(sql`
    WITH freed AS (
      SELECT coupon_id AS id, count(*)::int AS q FROM orders
      WHERE id = ANY(${ids}::int[]) AND coupon_id IS NOT NULL GROUP BY coupon_id
    ), locked AS (
      SELECT c.id FROM coupons c WHERE c.id IN (SELECT id FROM freed) ORDER BY c.id FOR UPDATE
    )
    UPDATE coupons c SET used = c.used - freed.q
    FROM freed WHERE c.id = freed.id AND c.id IN (SELECT id FROM locked)`);
  await detachSeatsFromOrders(tx, orderIds);
  await releaseListingReservations(tx, orderIds);
  // Meia-entrada last: the event's quota row is the one every meia buyer takes last too.
  await releaseMeiaReservations(tx, orderIds);
  await tx.execute(sql`DELETE FROM meia_claims WHERE order_id = ANY(${ids}::int[])`);
}

/**
 * Ends the reserved orders matching `where` with status `to` and returns their stock, in
 * one transaction. Orders another transaction is settling or reclaiming right now are
 * skipped (SKIP LOCKED): that transaction finishes them.
 */
export async function endReservations(
  tx: Queryable,
  where: SQL,
  to: 'expired' | 'cancelled',
): Promise<number[]> {
  const ended = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET status = ${to}, updated_at = now()
        WHERE id IN (
          SELECT id FROM orders WHERE status = 'reserved' AND ${where}
          ORDER BY id FOR UPDATE SKIP LOCKED
        )
        RETURNING id`,
  );
  const ids = ended.map((row) => row.id);
  await returnStock(tx, ids);
  return ids;
}

/**
 * Expires an event's reservations whose 15-minute window has passed. Nothing depends on
 * this running on time: availability reads and holds treat a past `expires_at` as free
 * already; a reservation that finds a lot short calls this and tries again.
 */
export async function reclaimExpired(db: Database, eventId?: number): Promise<number[]> {
  return db.transaction((tx) =>
    endReservations(
      tx,
      eventId === undefined ? sql`expires_at <= now()` : sql`event_id = ${eventId} AND expires_at <= now()`,
      'expired',
    ),
  );
}
