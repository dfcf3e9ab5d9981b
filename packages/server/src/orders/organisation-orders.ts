/**
 * An organisation's orders as its producers and their systems read them (docs/integrations.md,
 * "Reading orders"): every order of the organisation's events, newest first, paged by id, the
 * buyer's CPF masked (the API is for sales, not identities).
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';

/** An order as the organisation reads it. */
export interface OrganisationOrder {
  id: number;
  number: string;
  eventId: number;
  eventName: string;
  status: string;
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  totalCents: number;
  tickets: number;
  createdAt: string;
  paidAt: string | null;
  buyer: { name: string; email: string; cpf: string | null };
}

/** A CPF shown as `***.456.789-**`: enough to tell buyers apart, not enough to use it. */
export function maskCpf(digits: string | null): string | null {
  if (!digits || !/^\d{11}$/.test(digits)) return null;
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** One page of the organisation's orders (`limit` older than `before`, an order id). */
export async function listOrganisationOrders(
  db: Queryable,
  organisationId: number,
  query: { eventId?: number; status?: string; before?: number; limit: number },
): Promise<{ orders: OrganisationOrder[]; nextBefore: number | null }> {
  const rows = await selectRows<{
    id: number;
    number: string;
    event_id: number;
    event_name: string;
    status: string;
    subtotal_cents: number;
    discount_cents: number;
    fee_cents: number;
    total_cents: number;
    tickets: number;
    created_at: string | Date;
    paid_at: string | Date | null;
    namef: string | null;
    email: string | null;
    cpfnpj: string | null;
  }>(
    db,
    sql`SELECT o.id, o.number, o.event_id, e.name AS event_name, o.status, o.subtotal_cents, o.discount_cents,
               o.fee_cents, o.total_cents, o.created_at, o.paid_at, c.namef, c.email, c.cpfnpj,
               (SELECT count(*)::int FROM tickets t WHERE t.order_id = o.id) AS tickets
          FROM orders o
          JOIN events e ON e.id = o.event_id
          LEFT JOIN customers c ON c.id = o.customer_id
         WHERE e.organisation_id = ${organisationId}
           AND (${query.eventId ?? null}::int IS NULL OR o.event_id = ${query.eventId ?? null}::int)
           AND (${query.status ?? null}::text IS NULL OR o.status = ${query.status ?? null}::text)
           AND (${query.before ?? null}::int IS NULL OR o.id < ${query.before ?? null}::int)
         ORDER BY o.id DESC
         LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  return {
    orders: page.map((row) => ({
      id: Number(row.id),
      number: row.number,
      eventId: Number(row.event_id),
      eventName: row.event_name,
      status: row.status,
      subtotalCents: Number(row.subtotal_cents),
      discountCents: Number(row.discount_cents),
      feeCents: Number(row.fee_cents),
      totalCents: Number(row.total_cents),
      tickets: Number(row.tickets),
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at === null ? null : new Date(row.paid_at).toISOString(),
      buyer: { name: row.namef ?? '', email: row.email ?? '', cpf: maskCpf(row.cpfnpj) },
    })),
    nextBefore: rows.length > query.limit ? Number(page[page.length - 1]!.id) : null,
  };
}
