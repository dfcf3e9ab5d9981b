/**
 * Issuing a ticket: the one place a ticket row is born (docs/tickets.md, "A ticket's life").
 * Sales (orders/fulfilment.ts) and courtesy (seat-hold/courtesy.ts) call it inside their
 * own transaction, after they have taken the unit or seat from stock.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** A ticket's stored code: 128 random bits in hex (the QR payload derives from the holder version, not this). */
export function newTicketCode(): string {
  return randomBytes(16).toString('hex');
}

/** What a new ticket carries. */
export interface NewTicket {
  eventId: number;
  ticketTypeId: number;
  nNumber: number;
  seatId: number | null;
  /** The holder's account; null until an account with `holderEmail` exists. */
  customerId: number | null;
  holderEmail: string;
  /** The order and line that paid for it; null for a courtesy. */
  orderId: number | null;
  orderItemId: number | null;
  priceCents: number;
  /** The order line naming its meia-entrada beneficiary, when it is a meia. */
  meiaItemId: number | null;
  courtesy: boolean;
}

/** Inserts a valid ticket (holder version 1) and answers its id and code. */
export async function issueTicket(tx: Queryable, ticket: NewTicket): Promise<{ id: number; code: string }> {
  const row = await selectOne<{ id: number; code: string }>(
    tx,
    sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, n_number, seat_id,
                             order_id, order_item_id, price_cents, meia_item_id, courtesy)
        VALUES (${newTicketCode()}, ${ticket.customerId}, ${ticket.holderEmail}, ${ticket.eventId},
                ${ticket.ticketTypeId}, ${ticket.nNumber}, ${ticket.seatId}, ${ticket.orderId}, ${ticket.orderItemId},
                ${ticket.priceCents}, ${ticket.meiaItemId}, ${ticket.courtesy})
        RETURNING id, code`,
  );
  if (!row) throw new Error('ticket insert returned no row');
  return { id: Number(row.id), code: row.code };
}
