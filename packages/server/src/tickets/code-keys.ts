import type { TicketCodeKey } from '@plateia/core/contracts/tickets';
import { TICKET_ERRORS } from '@plateia/core/messages/tickets';
import {
  bytesToBase64Url,
  TICKET_CODE_DIGITS,
  TICKET_CODE_STEP_SECONDS,
  TICKET_CODE_WINDOW,
} from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { ticketKeyRow, ticketSecret } from './ticket-keys.ts';

function codeKey(
  ticketId: number,
  eventId: number,
  holderVersion: number,
  secret: Uint8Array,
): TicketCodeKey {
  return {
    ticketId,
    eventId,
    holderVersion,
    secret: bytesToBase64Url(secret),
    stepSeconds: TICKET_CODE_STEP_SECONDS,
    digits: TICKET_CODE_DIGITS,
    window: TICKET_CODE_WINDOW,
  };
}

/**
 * The code key of one ticket for its owner: 404 when the ticket does not exist, 403 when
 * it belongs to someone else, 409 when it has no entry code (used, cancelled, resold).
 */
export async function ownerTicketCodeKey(
  db: Queryable,
  customerId: number,
  ticketId: number,
): Promise<TicketCodeKey> {
  const row = await ticketKeyRow(db, ticketId);
  if (!row) throw new HttpError(404, TICKET_ERRORS.notFound, 'notFound');
  if (row.customerId !== customerId) throw new HttpError(403, TICKET_ERRORS.notOwner, 'notOwner');
  if (row.status !== 'valid') throw new HttpError(409, TICKET_ERRORS.noCode, 'noCode');
  return codeKey(row.ticketId, row.eventId, row.holderVersion, await ticketSecret(row));
}

/**
 * The code keys of every valid ticket the customer holds, for the device to keep and draw
 * codes without a connection. Tickets of events that ended more than a day ago are left out.
 */
export async function ownerTicketCodeKeys(
  db: Queryable,
  customerId: number,
  now: Date,
): Promise<TicketCodeKey[]> {
  const rows = await selectRows<{
    id: number;
    event_id: number;
    holder_version: number;
    ticket_key: Uint8Array;
  }>(
    db,
    sql`SELECT t.id, t.event_id, t.holder_version, e.ticket_key
        FROM tickets t JOIN events e ON e.id = t.event_id
        WHERE t.customer_id = ${customerId} AND t.status = 'valid'
          -- A ticket on resale has no code until it is withdrawn (docs/resale.md).
          AND NOT EXISTS (SELECT 1 FROM resale_listings r WHERE r.ticket_id = t.id AND r.status = 'active')
          AND e.ends_at > ${now}::timestamptz - interval '1 day'
        ORDER BY t.id`,
  );
  const keys: TicketCodeKey[] = [];
  for (const row of rows) {
    const ticket = { ticketId: Number(row.id), holderVersion: Number(row.holder_version) };
    const secret = await ticketSecret({ ...ticket, eventKey: new Uint8Array(row.ticket_key) });
    keys.push(codeKey(ticket.ticketId, Number(row.event_id), ticket.holderVersion, secret));
  }
  return keys;
}
