/**
 * Selling and returning seats: with the hold and release of `hold.ts`, the seat module is
 * the only writer of `seats` (docs/architecture.md, "Who writes what"). Settlements and
 * refunds call these inside their own transaction.
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

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

/**
 * A reservation takes the seats its session holds: the hold lasts as long as the order
 * (`untilIso`) and belongs to the order and the buyer's account. Only seats this session
 * holds live, and that no other account holds, are taken; answers their ids.
 */
export async function reserveHeldSeats(
  tx: Queryable,
  input: { eventId: number; seatIds: readonly number[]; sessionId: string; customerId: number },
  order: { id: number; untilIso: string },
): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE seats SET held_until = GREATEST(held_until, ${order.untilIso}::timestamptz), order_id = ${order.id},
          hold_account = ${input.customerId}::int
        WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(input.seatIds)}::int[]) AND state = 'available'
          AND held_by = ${input.sessionId} AND held_until > now()
          AND (hold_account IS NULL OR hold_account = ${input.customerId}::int)
        RETURNING id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * The orders ended unpaid: their seats are no longer theirs. The hold itself ends with its
 * own expiry (`held_until`); detaching the order lets the same session reuse a still-live
 * hold in a new reservation.
 */
export async function detachSeatsFromOrders(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(
    sql`UPDATE seats SET order_id = NULL WHERE order_id = ANY(${pgIntArray(orderIds)}::int[]) AND state <> 'sold'`,
  );
}

/**
 * An order's seats become held under `holderKey` (a key no client session id can be, see
 * shared payments), no longer by the account or address that held them.
 */
export async function holdOrderSeatsAs(tx: Queryable, orderId: number, holderKey: string): Promise<void> {
  await tx.execute(
    sql`UPDATE seats SET held_by = ${holderKey}, hold_account = NULL, hold_address = NULL
        WHERE order_id = ${orderId} AND state = 'available'`,
  );
}

/** The order's seats held under `holderKey` stay held until `untilIso`. */
export async function extendOrderSeatHolds(
  tx: Queryable,
  orderId: number,
  holderKey: string,
  untilIso: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE seats SET held_until = ${untilIso}::timestamptz
        WHERE order_id = ${orderId} AND held_by = ${holderKey} AND state = 'available'`,
  );
}

/** The order's seats held under `holderKey` are free again at once. */
export async function releaseOrderSeatHolds(
  tx: Queryable,
  orderId: number,
  holderKey: string,
): Promise<void> {
  await tx.execute(
    sql`UPDATE seats SET held_by = NULL, held_until = NULL
        WHERE order_id = ${orderId} AND held_by = ${holderKey} AND state = 'available'`,
  );
}
