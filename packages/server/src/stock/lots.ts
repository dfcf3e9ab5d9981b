/**
 * A general-admission lot's counters (`ticket_types.quantity`, `reserved`, `sold`): the one
 * module that moves them (docs/architecture.md, "Who writes what"). Every move is one
 * conditional UPDATE, so a lot never sells more than its quantity whatever the
 * interleaving. Numbered types keep no counters: their stock is their seats
 * (`seat-hold/`), and their quantity is the number of seats of their section.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/**
 * Takes up to `wanted` units of one lot in one statement: the row is locked, the units left
 * are read from the committed row, and only what is there is taken. Answers how many were
 * taken (0 when the lot is sold out). Concurrent buyers of the lot queue on its row lock, so
 * the last units go to exactly one of them and the next one moves on to the next lot. A lot
 * already sold out is not locked at all (the predicate is in the locking read, re-checked
 * after a wait), so once the 1º lote is gone its row does not join every later sale's locks.
 */
export async function takeFromLot(tx: Queryable, lotId: number, wanted: number): Promise<number> {
  const rows = await selectRows<{ take: number }>(tx, takeFromLotQuery(lotId, wanted));
  return Number(rows[0]?.take ?? 0);
}

/** The conditional increment `takeFromLot` runs; exported so the benchmark's pgbench runs the same. */
export function takeFromLotQuery(lotId: number, wanted: number): SQL {
  return sql`WITH lot AS (
      SELECT id, LEAST(${wanted}::int, quantity - sold - reserved) AS take
      FROM ticket_types WHERE id = ${lotId} AND quantity - sold - reserved > 0 FOR UPDATE
    )
    UPDATE ticket_types t SET reserved = t.reserved + lot.take
    FROM lot WHERE t.id = lot.id AND lot.take > 0
    RETURNING lot.take`;
}

/**
 * Sells `n` units of a general-admission lot: from its reservation, or (`fromReservation`
 * false: the reservation was reclaimed before the payment arrived) from what is still free.
 * False when the units are not there (or the type is numbered).
 */
export async function sellLotUnits(
  tx: Queryable,
  lotId: number,
  n: number,
  fromReservation: boolean,
): Promise<boolean> {
  const moved = fromReservation
    ? await selectRows(
        tx,
        sql`UPDATE ticket_types SET reserved = reserved - ${n}, sold = sold + ${n}
            WHERE id = ${lotId} AND NOT numbered AND reserved >= ${n} RETURNING id`,
      )
    : await selectRows(
        tx,
        sql`UPDATE ticket_types SET sold = sold + ${n}
            WHERE id = ${lotId} AND NOT numbered AND sold + reserved + ${n} <= quantity RETURNING id`,
      );
  return moved.length > 0;
}

/** Gives `n` free units of a general-admission lot away (courtesy). False when they are not there. */
export async function giveLotUnits(tx: Queryable, lotId: number, n: number): Promise<boolean> {
  const taken = await selectRows(
    tx,
    sql`UPDATE ticket_types SET sold = sold + ${n}::int
        WHERE id = ${lotId} AND NOT numbered AND quantity - sold - reserved >= ${n}::int RETURNING id`,
  );
  return taken.length > 0;
}

/** One sold unit of a general-admission lot is for sale again (its ticket was refunded). */
export async function returnSoldLotUnit(tx: Queryable, lotId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE ticket_types SET sold = sold - 1 WHERE id = ${lotId} AND NOT numbered AND sold > 0`,
  );
}

/**
 * Gives back the lot units the orders reserved, each to the lot its line came from (see
 * "Lot turnover" in docs/buying.md). Lots are locked in id order, the order a reservation
 * takes them.
 */
export async function releaseLotReservations(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    WITH freed AS (
      SELECT ticket_type_id AS id, sum(quantity)::int AS q FROM order_items
      WHERE order_id = ANY(${pgIntArray(orderIds)}::int[]) AND kind = 'ticket' AND seat_id IS NULL
        AND ticket_type_id IS NOT NULL
      GROUP BY ticket_type_id
    ), locked AS (
      SELECT t.id FROM ticket_types t WHERE t.id IN (SELECT id FROM freed) ORDER BY t.id FOR UPDATE
    )
    UPDATE ticket_types t SET reserved = t.reserved - freed.q
    FROM freed WHERE t.id = freed.id AND t.id IN (SELECT id FROM locked)`);
}

/** A numbered type's quantity is the number of seats of its section (after the map is drawn). */
export async function sizeNumberedLots(tx: Queryable, eventId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE ticket_types t SET quantity = (SELECT count(*) FROM seats s WHERE s.section_id = t.section_id)
    WHERE t.event_id = ${eventId} AND t.numbered`);
}
