import type { SeatStatus } from '@plateia/core/contracts/seat-map';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from './id-list.ts';

/** Every value `SeatStatus` takes, for schemas and documentation. */
export const SEAT_STATUSES: readonly SeatStatus[] = ['available', 'held', 'held_by_you', 'sold', 'blocked'];

/** The most seat ids one status read may name. */
export const MAX_STATUS_SEAT_IDS = 2000;

const statusExpression = (sessionId: string) => sql`CASE
  WHEN state = 'sold' THEN 'sold'
  WHEN state = 'blocked' THEN 'blocked'
  WHEN held_until > now() AND held_by = ${sessionId} THEN 'held_by_you'
  WHEN held_until > now() THEN 'held'
  ELSE 'available' END`;

/**
 * The status of the given seats of an event, keyed by seat id; ids that are not seats of
 * the event are left out. Without ids, the answer is sparse: only seats that are not
 * available (what a picker drawing 100,000 seats needs to paint over its default).
 */
export async function seatStatuses(
  db: Queryable,
  input: { eventId: number; seatIds?: number[] | undefined; sessionId: string },
): Promise<Record<string, SeatStatus>> {
  const status = statusExpression(input.sessionId);
  const rows =
    input.seatIds && input.seatIds.length > 0
      ? await selectRows<{ id: number; status: SeatStatus }>(
          db,
          sql`SELECT id, ${status} AS status FROM seats
              WHERE event_id = ${input.eventId} AND id = ANY(${pgIntArray(input.seatIds)}::int[])`,
        )
      : await selectRows<{ id: number; status: SeatStatus }>(
          db,
          sql`SELECT id, ${status} AS status FROM seats
              WHERE event_id = ${input.eventId} AND (state <> 'available' OR held_until IS NOT NULL)
                AND (state <> 'available' OR held_until > now())`,
        );
  const data: Record<string, SeatStatus> = {};
  for (const row of rows) data[String(row.id)] = row.status;
  return data;
}
