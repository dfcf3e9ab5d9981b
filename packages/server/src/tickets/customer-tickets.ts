import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { type Queryable, selectRows } from '../db/sql.ts';
import type { TicketSchema } from '../schemas/tickets.ts';

/** One ticket in "Meus Ingressos". */
export type CustomerTicket = Static<typeof TicketSchema>;

/** The joined row a ticket is read from. */
interface TicketRow {
  id: number;
  status: string;
  holder_email: string;
  price_cents: number;
  courtesy: boolean;
  created_at: string | Date;
  event_id: number;
  slug: string;
  event_name: string;
  venue: string;
  city: string;
  image: string;
  starts_at: string | Date;
  ticket_type_id: number;
  type_name: string;
  n_number: number;
  seat_id: number | null;
  section_name: string | null;
  row_label: string | null;
  seat_number: string | null;
  table_name: string | null;
  order_id: number | null;
  order_number: string | null;
  paid_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The customer's valid and used tickets, by event date ("Meus Ingressos"). Tickets bought
 * for the customer's e-mail before the account existed (or was verified) join it first.
 */
export async function customerTickets(
  db: Queryable,
  customer: { id: number; email: string },
): Promise<{ tickets: CustomerTicket[] }> {
  await claimTicketsForEmail(db, customer.id, customer.email);
  const rows = await selectRows<TicketRow>(
    db,
    sql`SELECT t.id, t.status, t.holder_email, t.price_cents, t.courtesy, t.created_at,
               e.id AS event_id, e.slug, e.name AS event_name, e.venue, e.city, e.image, e.starts_at,
               tt.id AS ticket_type_id, tt.name AS type_name, t.n_number,
               s.id AS seat_id, sec.name AS section_name, s.row_label, s.seat_number, st.name AS table_name,
               o.id AS order_id, o.number AS order_number, o.paid_at
        FROM tickets t
        JOIN events e ON e.id = t.event_id
        JOIN ticket_types tt ON tt.id = t.ticket_type_id
        LEFT JOIN seats s ON s.id = t.seat_id
        LEFT JOIN seat_sections sec ON sec.id = s.section_id
        LEFT JOIN seat_tables st ON st.id = s.table_id
        LEFT JOIN orders o ON o.id = t.order_id
        WHERE t.customer_id = ${customer.id} AND t.status IN ('valid', 'used')
        ORDER BY e.starts_at, t.id`,
  );
  return { tickets: rows.map(ticketView) };
}

/** A ticket row as answered. */
function ticketView(row: TicketRow): CustomerTicket {
  return {
    id: Number(row.id),
    status: row.status,
    holderEmail: row.holder_email,
    priceCents: Number(row.price_cents),
    courtesy: Boolean(row.courtesy),
    createdAt: iso(row.created_at),
    event: {
      id: Number(row.event_id),
      slug: row.slug,
      name: row.event_name,
      venue: row.venue,
      city: row.city,
      image: row.image,
      startsAt: iso(row.starts_at),
    },
    ticketType: { id: Number(row.ticket_type_id), name: row.type_name, nNumber: Number(row.n_number) },
    seat:
      row.seat_id === null
        ? null
        : {
            id: Number(row.seat_id),
            section: row.section_name ?? '',
            row: row.row_label ?? '',
            number: row.seat_number ?? '',
            table: row.table_name,
          },
    order:
      row.order_id === null
        ? null
        : {
            id: Number(row.order_id),
            number: row.order_number ?? '',
            paidAt: row.paid_at ? iso(row.paid_at) : null,
          },
  };
}

/**
 * Attaches tickets addressed to `email` that wait for an account (bought for that e-mail
 * before it had a verified account). Called when the account lists its tickets.
 */
export async function claimTicketsForEmail(
  db: Queryable,
  customerId: number,
  email: string,
): Promise<number> {
  const claimed = await selectRows(
    db,
    sql`UPDATE tickets SET customer_id = ${customerId}
        WHERE customer_id IS NULL AND lower(holder_email) = ${email.toLowerCase()}
          AND EXISTS (SELECT 1 FROM customers WHERE id = ${customerId} AND email_verified_at IS NOT NULL)
        RETURNING id`,
  );
  return claimed.length;
}
