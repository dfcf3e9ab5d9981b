import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/**
 * Gives back everything the given orders reserved: lot and product units (each to the lot
 * its line came from, see "Lot turnover" in docs/buying.md), coupon uses, seats, resale
 * listings, meia-entrada quota units and their beneficiaries' document claims. Call inside the transaction that changed the orders' status.
 * Rows are locked in one fixed order (lots, products, coupons by id, then seats, then
 * listings), the same order a reservation takes them, to keep deadlocks rare.
 */
export async function returnStock(tx: Queryable, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = pgIntArray(orderIds);
  await tx.execute(sql`
    WITH freed AS (
      SELECT ticket_type_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ANY(${ids}::int[]) AND kind = 'ticket' AND seat_id IS NULL AND ticket_type_id IS NOT NULL
      GROUP BY ticket_type_id
    ), locked AS (
      SELECT t.id FROM ticket_types t WHERE t.id IN (SELECT id FROM freed) ORDER BY t.id FOR UPDATE
    )
    UPDATE ticket_types t SET reserved = t.reserved - freed.q
    FROM freed WHERE t.id = freed.id AND t.id IN (SELECT id FROM locked)`);
  await tx.execute(sql`
    WITH freed AS (
      SELECT product_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ANY(${ids}::int[]) AND kind = 'product'
      GROUP BY product_id
    ), locked AS (
      SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM freed) ORDER BY p.id FOR UPDATE
    )
    UPDATE products p SET reserved = p.reserved - freed.q
    FROM freed WHERE p.id = freed.id AND p.id IN (SELECT id FROM locked)`);
  await tx.execute(sql`
    WITH freed AS (
      SELECT coupon_id AS id, count(*)::int AS q FROM orders
      WHERE id = ANY(${ids}::int[]) AND coupon_id IS NOT NULL GROUP BY coupon_id
    ), locked AS (
      SELECT c.id FROM coupons c WHERE c.id IN (SELECT id FROM freed) ORDER BY c.id FOR UPDATE
    )
    UPDATE coupons c SET used = c.used - freed.q
    FROM freed WHERE c.id = freed.id AND c.id IN (SELECT id FROM locked)`);
  // The seat hold itself ends with the order's expiry (held_until); detaching the order
  // lets the same session reuse its still-live hold in a new reservation.
  await tx.execute(
    sql`UPDATE seats SET order_id = NULL WHERE order_id = ANY(${ids}::int[]) AND state <> 'sold'`,
  );
  await tx.execute(sql`
    UPDATE resale_listings SET order_id = NULL, reserved_until = NULL
    WHERE order_id = ANY(${ids}::int[]) AND status = 'active'`);
  // Meia-entrada last: the event's quota row is the one every meia buyer takes last too.
  await tx.execute(sql`
    WITH freed AS (
      SELECT o.event_id AS id, count(*)::int AS q FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.order_id = ANY(${ids}::int[]) AND i.meia_category IS NOT NULL
      GROUP BY o.event_id
    ), locked AS (
      SELECT m.event_id FROM meia_quotas m WHERE m.event_id IN (SELECT id FROM freed) ORDER BY m.event_id FOR UPDATE
    )
    UPDATE meia_quotas m SET taken = m.taken - freed.q
    FROM freed WHERE m.event_id = freed.id AND m.event_id IN (SELECT event_id FROM locked)`);
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
