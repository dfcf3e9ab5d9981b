/**
 * Selling and returning seats: with the hold and release of `hold.ts`, the seat module is
 * the only writer of `seats` (docs/architecture.md, "Who writes what"). Settlements and
 * refunds call these inside their own transaction.
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';

/**
 * Sells `seatIds` to `orderId`, each only if nobody else holds it now: free, or its hold
 * expired at `nowIso`, or held by `holderKey` (the order's reservation). Answers how many
 * were sold; the caller treats fewer than asked as stock gone (and rolls back).
 */
export async function sellSeatsToOrder(
  tx: Queryable,
  seatIds: readonly number[],
  orderId: number,
  holderKey: string,
  nowIso: string,
): Promise<number> {
  if (seatIds.length === 0) return 0;
  const sold = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE seats SET state = 'sold', order_id = ${orderId}, held_by = NULL, held_until = NULL
        WHERE id IN (${sql.join(
          seatIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          AND state = 'available'
          AND (held_until IS NULL OR held_until <= ${nowIso}::timestamptz OR held_by = ${holderKey})
        RETURNING id`,
  );
  return sold.length;
}

/** A sold seat is for sale again (its ticket was refunded and its revenue given back). */
export async function returnSoldSeat(tx: Queryable, seatId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE seats SET state = 'available', order_id = NULL, held_by = NULL, held_until = NULL
        WHERE id = ${seatId} AND state = 'sold'`,
  );
}
