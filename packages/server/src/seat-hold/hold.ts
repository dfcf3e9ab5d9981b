import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/** Seat service default hold (docs/buying.md): 900 seconds. */
export const DEFAULT_HOLD_SECONDS = 900;
/** The longest hold a session may ask for: the 15-minute checkout window plus margin. */
export const MAX_HOLD_SECONDS = 1800;

/**
 * The statement that holds every seat in `seatIds` for `sessionId`, or none of them. It
 * locks the seats that are free (never sold, and unheld, or held past expiry, or held by
 * this same session, when no account or this one made the hold: a signed-in account's hold is
 * the account's, not its session id's) and updates them only if that is all of them. Under READ COMMITTED a
 * second statement waiting on one of these rows re-checks the predicate after the first
 * commits and sees the seat taken, so two sessions can never both succeed. Expiry is part
 * of the predicate, so an expired hold needs no sweeper; only the holding session can
 * extend a live hold (and a refresh never shortens it). It returns the seats held; all of
 * them or none. `plateia_hold_seats` (migration 0205, called by `holdSeatsWithinLimits`)
 * runs this same UPDATE within the holder's caps, in one round trip; a change here goes
 * there too. It stays exported so the benchmark's pgbench times the very same statement.
 */
export function holdSeatsQuery(input: {
  eventId: number;
  seatIds: number[];
  sessionId: string;
  holdSeconds: number;
  /** The account behind the hold, when it came with a session token (seat-hold caps). */
  holdAccount?: number | null;
  /** The address the hold came from (seat-hold caps). */
  holdAddress?: string | null;
}): SQL {
  const ids = [...new Set(input.seatIds)].sort((a, b) => a - b);
  return sql`WITH free AS (
      SELECT id FROM seats
      WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(ids)}::int[]) AND state = 'available'
        AND (held_until IS NULL OR held_until <= now()
          OR (held_by = ${input.sessionId} AND (hold_account IS NULL OR hold_account = ${input.holdAccount ?? null}::int)))
      ORDER BY id
      FOR UPDATE
    )
    UPDATE seats SET
      held_until = CASE WHEN held_by = ${input.sessionId} AND held_until > now()
        THEN GREATEST(held_until, now() + make_interval(secs => ${input.holdSeconds}::int))
        ELSE now() + make_interval(secs => ${input.holdSeconds}::int) END,
      -- A hold taken over from an expired one must not keep the old reservation's order.
      order_id = CASE WHEN held_by = ${input.sessionId} AND held_until > now() THEN order_id ELSE NULL END,
      held_by = ${input.sessionId},
      hold_account = ${input.holdAccount ?? null}::int,
      hold_address = ${input.holdAddress ?? null}
    WHERE id IN (SELECT id FROM free) AND (SELECT count(*) FROM free) = ${ids.length}::int
    RETURNING id, held_until`;
}

/**
 * Releases the seats this session holds (others' holds and sold seats are untouched). A hold
 * made or reserved by a signed-in account is released only with that account's session
 * token (`accountId`); a visitor's hold (no account) by its own session id, a random UUID the
 * browser never shows. Seats held for a group's order are held under no session id at all.
 */
export async function releaseSeats(
  db: Queryable,
  input: { eventId: number; seatIds: number[]; sessionId: string; accountId: number | null },
): Promise<number[]> {
  const ids = [...new Set(input.seatIds)];
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE seats SET held_by = NULL, held_until = NULL, order_id = NULL, hold_account = NULL, hold_address = NULL
        WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(ids)}::int[])
          AND held_by = ${input.sessionId} AND state = 'available'
          AND (hold_account IS NULL OR hold_account = ${input.accountId}::int)
        RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
