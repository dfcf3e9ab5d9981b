/**
 * An event product's counters (`products.stock`, `reserved`, `sold`): the one module that
 * moves them, each move one conditional UPDATE (docs/architecture.md, "Who writes what").
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/** Reserves `quantity` units of a product for an order; false when fewer are free. */
export async function reserveProductUnits(
  tx: Queryable,
  productId: number,
  quantity: number,
): Promise<boolean> {
  const updated = await selectRows(
    tx,
    sql`UPDATE products SET reserved = reserved + ${quantity}::int
        WHERE id = ${productId} AND stock - sold - reserved >= ${quantity}::int RETURNING id`,
  );
  return updated.length > 0;
}

/**
 * Sells `n` units of a product: from its reservation, or (`fromReservation` false: the
 * reservation was reclaimed first) from what is still free. False when they are not there.
 */
export async function sellProductUnits(
  tx: Queryable,
  productId: number,
  n: number,
  fromReservation: boolean,
): Promise<boolean> {
  const moved = fromReservation
    ? await selectRows(
        tx,
        sql`UPDATE products SET reserved = reserved - ${n}, sold = sold + ${n}
            WHERE id = ${productId} AND reserved >= ${n} RETURNING id`,
      )
    : await selectRows(
        tx,
        sql`UPDATE products SET sold = sold + ${n} WHERE id = ${productId} AND sold + reserved + ${n} <= stock RETURNING id`,
      );
  return moved.length > 0;
}

/** Gives back the product units the orders reserved; products locked in id order. */
export async function releaseProductReservations(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    WITH freed AS (
      SELECT product_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ANY(${pgIntArray(orderIds)}::int[]) AND kind = 'product'
      GROUP BY product_id
    ), locked AS (
      SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM freed) ORDER BY p.id FOR UPDATE
    )
    UPDATE products p SET reserved = p.reserved - freed.q
    FROM freed WHERE p.id = freed.id AND p.id IN (SELECT id FROM locked)`);
}
