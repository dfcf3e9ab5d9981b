import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import type { TicketSchema } from '../schemas/tickets.ts';
import { acceptTransfersOnSignUp } from '../ticket-transfers/transfers.ts';

/** One ticket in "Meus Ingressos". */
export type CustomerTicket = Static<typeof TicketSchema>;

/** The joined row a ticket is read from. */
interface TicketRow {
  id: number;
  status: string;
  holder_version: number;
  listed: boolean;
  transfer_id: number | null;
  transfer_status: string | null;
  transfer_to_email: string | null;
  transfer_created_at: string | Date | null;
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
 * The customer's tickets, by event date ("Meus Ingressos"): those they hold in any status,
 * and those they transferred to someone else (status `transferred`). Tickets bought for the
 * customer's e-mail before the account existed (or was verified), and transfers sent to it
 * before then, join it first. A held ticket with a pending transfer shows
 * `pending_transfer`; one on sale again shows `listed`.
 */
export async function customerTickets(
  db: Database,
  customer: { id: number; email: string },
  now: Date,
): Promise<{ tickets: CustomerTicket[] }> {
  await claimTicketsForEmail(db, customer.id, customer.email);
  await acceptTransfersOnSignUp(db, customer.id, now);
  const rows = await selectRows<TicketRow>(
    db,
    sql`WITH mine AS (
          SELECT t.id, NULL::integer AS transfer_id FROM tickets t WHERE t.customer_id = ${customer.id}
          UNION ALL
          -- Tickets given away: the latest accepted transfer this customer sent, unless it came back.
          (SELECT DISTINCT ON (tr.ticket_id) tr.ticket_id, tr.id
           FROM ticket_transfers tr JOIN tickets t ON t.id = tr.ticket_id
           WHERE tr.from_customer_id = ${customer.id} AND tr.status = 'accepted'
             AND t.customer_id IS DISTINCT FROM ${customer.id}
           ORDER BY tr.ticket_id, tr.id DESC)
        )
        SELECT t.id, t.status, t.holder_version, t.holder_email, t.price_cents, t.courtesy, t.created_at,
               e.id AS event_id, e.slug, e.name AS event_name, e.venue, e.city, e.image, e.starts_at,
               tt.id AS ticket_type_id, tt.name AS type_name, t.n_number,
               s.id AS seat_id, sec.name AS section_name, s.row_label, s.seat_number, st.name AS table_name,
               o.id AS order_id, o.number AS order_number, o.paid_at,
               EXISTS (SELECT 1 FROM resale_listings r WHERE r.ticket_id = t.id AND r.status = 'active') AS listed,
               tr.id AS transfer_id, tr.status AS transfer_status, tr.to_email AS transfer_to_email,
               tr.created_at AS transfer_created_at
        FROM mine
        JOIN tickets t ON t.id = mine.id
        JOIN events e ON e.id = t.event_id
        JOIN ticket_types tt ON tt.id = t.ticket_type_id
        LEFT JOIN seats s ON s.id = t.seat_id
        LEFT JOIN seat_sections sec ON sec.id = s.section_id
        LEFT JOIN seat_tables st ON st.id = s.table_id
        LEFT JOIN orders o ON o.id = t.order_id
        LEFT JOIN ticket_transfers tr ON tr.id = COALESCE(
          mine.transfer_id,
          (SELECT p.id FROM ticket_transfers p WHERE p.ticket_id = t.id AND p.status = 'pending'
             AND p.from_customer_id = ${customer.id}))
        ORDER BY e.starts_at, t.id`,
  );
  return { tickets: rows.map(ticketView) };
}

/** What the customer sees as the ticket's status (docs/tickets.md). */
function displayStatus(row: TicketRow): CustomerTicket['status'] {
  if (row.transfer_status === 'accepted') return 'transferred';
  if (row.status === 'valid' && row.transfer_status === 'pending') return 'pending_transfer';
  if (row.status === 'valid' && row.listed) return 'listed';
  if (row.status === 'transferred') return 'transferred';
  if (
    row.status === 'valid' ||
    row.status === 'used' ||
    row.status === 'resold' ||
    row.status === 'refunded'
  ) {
    return row.status;
  }
  return 'cancelled';
}

/** A ticket row as answered. */
function ticketView(row: TicketRow): CustomerTicket {
  return {
    id: Number(row.id),
    status: displayStatus(row),
    holderVersion: Number(row.holder_version),
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
    transfer:
      row.transfer_id === null
        ? null
        : {
            id: Number(row.transfer_id),
            status: row.transfer_status === 'accepted' ? 'accepted' : 'pending',
            toEmail: row.transfer_to_email ?? '',
            createdAt: iso(row.transfer_created_at ?? row.created_at),
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
