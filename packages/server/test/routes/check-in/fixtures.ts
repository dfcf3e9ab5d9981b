import { randomUUID } from 'node:crypto';
import { deriveTicketSecret, encodeTicketPayload, ticketCodeAt } from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.ts';
import { type Queryable, selectOne, selectRows } from '../../../src/db/sql.ts';

/** Issues `count` valid tickets of the event's first lot, straight in the table. */
export async function issueTickets(db: Queryable, eventId: number, count: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO tickets (code, holder_email, event_id, ticket_type_id)
        SELECT 'door-' || gen_random_uuid()::text, 'portador' || n || '@example.com', ${eventId},
               (SELECT min(id) FROM ticket_types WHERE event_id = ${eventId})
        FROM generate_series(1, ${count}::int) AS n
        RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The event's ticket key, as the database keeps it. */
export async function eventKey(db: Queryable, eventId: number): Promise<Uint8Array> {
  const row = await selectOne<{ ticket_key: Uint8Array }>(
    db,
    sql`SELECT ticket_key FROM events WHERE id = ${eventId}`,
  );
  return new Uint8Array(row!.ticket_key);
}

/** The QR text a ticket's holder shows at `at`, computed the way the holder's page does. */
export async function ticketPayload(
  db: Database,
  ticket: { eventId: number; id: number; holderVersion?: number },
  at: Date,
): Promise<string> {
  const holderVersion = ticket.holderVersion ?? 1;
  const secret = await deriveTicketSecret(await eventKey(db, ticket.eventId), ticket.id, holderVersion);
  return encodeTicketPayload({
    ticketId: ticket.id,
    holderVersion,
    code: ticketCodeAt(secret, at.getTime()),
  });
}

/** A fresh client nonce. */
export const nonce = (): string => randomUUID();
