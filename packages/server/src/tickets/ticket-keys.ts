import { deriveTicketSecret } from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { doorStatusSql } from '../resale/door.ts';

// The event key (events.ticket_key, migration 0030) is the root of every ticket code of
// that event. It is read here and nowhere else, returned only to the code that derives a
// ticket's secret for its owner or checks a code at the door, and never logged.

/** bytea as either driver answers it (node-postgres: Buffer; PGlite: Uint8Array). */
function asBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'string' && value.startsWith('\\x'))
    return Uint8Array.from(Buffer.from(value.slice(2), 'hex'));
  throw new TypeError('ticket_key is not bytea');
}

/** The event's ticket key (32 bytes), or null when the event does not exist. */
export async function eventTicketKey(db: Queryable, eventId: number): Promise<Uint8Array | null> {
  const row = await selectOne<{ ticket_key: unknown }>(
    db,
    sql`SELECT ticket_key FROM events WHERE id = ${eventId}`,
  );
  return row ? asBytes(row.ticket_key) : null;
}

/** One ticket's identity for its code: owner, holder version and the event key. */
export interface TicketKeyRow {
  ticketId: number;
  eventId: number;
  customerId: number | null;
  status: string;
  holderVersion: number;
  eventKey: Uint8Array;
}

/** The ticket with what its code derives from, or null when it does not exist. */
export async function ticketKeyRow(db: Queryable, ticketId: number): Promise<TicketKeyRow | null> {
  const row = await selectOne<{
    id: number;
    event_id: number;
    customer_id: number | null;
    status: string;
    holder_version: number;
    ticket_key: unknown;
  }>(
    db,
    // A ticket on resale reads 'listed': its owner gets no code for it (docs/resale.md).
    sql`SELECT t.id, t.event_id, t.customer_id, ${doorStatusSql('t')} AS status, t.holder_version, e.ticket_key
        FROM tickets t JOIN events e ON e.id = t.event_id WHERE t.id = ${ticketId}`,
  );
  if (!row) return null;
  return {
    ticketId: Number(row.id),
    eventId: Number(row.event_id),
    customerId: row.customer_id === null ? null : Number(row.customer_id),
    status: row.status,
    holderVersion: Number(row.holder_version),
    eventKey: asBytes(row.ticket_key),
  };
}

/** The ticket's current TOTP secret (20 bytes): HMAC of the event key, id and holder version. */
export async function ticketSecret(row: Pick<TicketKeyRow, 'eventKey' | 'ticketId' | 'holderVersion'>) {
  return deriveTicketSecret(row.eventKey, row.ticketId, row.holderVersion);
}
