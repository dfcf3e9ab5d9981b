import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../catalogue/sql.ts';

/** Why a reservation could not be settled. */
export type SettleFailure = 'not_reserved' | 'seats_lost' | 'resale_lost';

/**
 * Turns a reserved order into a paid one, inside the caller's transaction (payment then
 * issues tickets in that same transaction): the order becomes 'paid', lot and product
 * units move from reserved to sold, its seats become sold and a resale listing sold. A
 * reservation past its expiry may still be settled while its stock has not been reclaimed
 * (a PIX paid at the last second); once reclaimed (status 'expired') it cannot, and the
 * payment must be refunded. Returns the failure reason, or null on success; on failure
 * the caller rolls back.
 */
export async function settleOrder(tx: Queryable, orderId: number): Promise<SettleFailure | null> {
  const [order] = await selectRows<{ id: number; resale_listing_id: number | null }>(
    tx,
    sql`UPDATE orders SET status = 'paid', paid_at = now(), updated_at = now()
        WHERE id = ${orderId} AND status = 'reserved' RETURNING id, resale_listing_id`,
  );
  if (!order) return 'not_reserved';
  await tx.execute(sql`
    WITH moved AS (
      SELECT ticket_type_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ${orderId} AND kind = 'ticket' AND seat_id IS NULL GROUP BY ticket_type_id
    )
    UPDATE ticket_types t SET reserved = t.reserved - moved.q, sold = t.sold + moved.q
    FROM moved WHERE t.id = moved.id`);
  await tx.execute(sql`
    WITH moved AS (
      SELECT product_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ${orderId} AND kind = 'product' GROUP BY product_id
    )
    UPDATE products p SET reserved = p.reserved - moved.q, sold = p.sold + moved.q
    FROM moved WHERE p.id = moved.id`);
  const [wanted] = await selectRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM order_items WHERE order_id = ${orderId} AND kind = 'ticket' AND seat_id IS NOT NULL`,
  );
  if (Number(wanted?.n ?? 0) > 0) {
    const sold = await selectRows<{ id: number }>(
      tx,
      sql`UPDATE seats SET state = 'sold', held_by = NULL, held_until = NULL
          WHERE order_id = ${orderId} AND state = 'available' RETURNING id`,
    );
    if (sold.length !== Number(wanted?.n)) return 'seats_lost';
    // Numbered lots count their sold seats too, for reports.
    await tx.execute(sql`
      WITH moved AS (
        SELECT ticket_type_id AS id, count(*)::int AS q FROM order_items
        WHERE order_id = ${orderId} AND kind = 'ticket' AND seat_id IS NOT NULL GROUP BY ticket_type_id
      )
      UPDATE ticket_types t SET sold = t.sold + moved.q FROM moved WHERE t.id = moved.id`);
  }
  if (order.resale_listing_id !== null) {
    const listing = await selectRows<{ ticket_id: number }>(
      tx,
      sql`UPDATE resale_listings SET status = 'sold', reserved_until = NULL
          WHERE id = ${order.resale_listing_id} AND order_id = ${orderId} AND status = 'active'
          RETURNING ticket_id`,
    );
    if (listing.length === 0) return 'resale_lost';
    await tx.execute(sql`UPDATE tickets SET status = 'resold' WHERE id = ${listing[0]!.ticket_id}`);
  }
  return null;
}
