/**
 * A ticket at the door: the tickets module is the only writer of `tickets` (docs/
 * architecture.md, "Who writes what"); check-in and the meia-entrada door call these.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/** Marks one valid ticket used (an online admission the caller has decided). */
export async function admitTicket(tx: Queryable, ticketId: number): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET status = 'used' WHERE id = ${ticketId} AND status = 'valid'`);
}

/**
 * Marks the event's valid tickets among `ticketIds` used (an offline upload's admissions),
 * locking them in id order so two uploads touching the same tickets lock them alike.
 */
export async function admitTickets(
  tx: Queryable,
  eventId: number,
  ticketIds: readonly number[],
): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx.execute(
    sql`UPDATE tickets SET status = 'used'
        WHERE id IN (SELECT id FROM tickets
                     WHERE event_id = ${eventId} AND status = 'valid'
                       AND id = ANY(${pgIntArray(ticketIds)}::int[])
                     ORDER BY id FOR UPDATE)`,
  );
}

/** Moves the door manifest's cursor past a ticket whose door facts changed (a meia paid up to full). */
export async function touchTicket(tx: Queryable, ticketId: number): Promise<void> {
  await tx.execute(sql`UPDATE tickets SET updated_at = now() WHERE id = ${ticketId}`);
}
