/**
 * What each webhook event carries (docs/integrations.md, "Events"), read in the transaction
 * that emits it, so the payload is the state the change committed.
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { SUBJECT_OF, type WebhookEventType } from './event-types.ts';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

interface TicketRow {
  id: number;
  event_id: number;
  order_id: number | null;
  lot: string;
  price_cents: number;
  holder_email: string;
  status: string;
  courtesy: boolean;
}

function ticketData(row: TicketRow) {
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    orderId: row.order_id === null ? null : Number(row.order_id),
    lot: row.lot,
    priceCents: Number(row.price_cents),
    holderEmail: row.holder_email,
    status: row.status,
    courtesy: row.courtesy,
  };
}

const TICKET_COLUMNS = sql`t.id, t.event_id, t.order_id, tt.name AS lot, t.price_cents, t.holder_email, t.status, t.courtesy`;

async function orderData(tx: Queryable, orderId: number) {
  const order = await selectOne<{
    id: number;
    number: string;
    event_id: number;
    status: string;
    subtotal_cents: number;
    discount_cents: number;
    fee_cents: number;
    total_cents: number;
    paid_at: string | Date | null;
    created_at: string | Date;
    buyer_name: string | null;
    buyer_email: string | null;
  }>(
    tx,
    sql`SELECT o.id, o.number, o.event_id, o.status, o.subtotal_cents, o.discount_cents, o.fee_cents,
               o.total_cents, o.paid_at, o.created_at, c.namef AS buyer_name, c.email AS buyer_email
          FROM orders o LEFT JOIN customers c ON c.id = o.customer_id WHERE o.id = ${orderId}`,
  );
  if (!order) return null;
  const tickets = await selectRows<TicketRow>(
    tx,
    sql`SELECT ${TICKET_COLUMNS} FROM tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id
         WHERE t.order_id = ${orderId} ORDER BY t.id`,
  );
  return {
    order: {
      id: Number(order.id),
      number: order.number,
      eventId: Number(order.event_id),
      status: order.status,
      subtotalCents: Number(order.subtotal_cents),
      discountCents: Number(order.discount_cents),
      feeCents: Number(order.fee_cents),
      totalCents: Number(order.total_cents),
      createdAt: iso(order.created_at),
      paidAt: iso(order.paid_at),
      buyer: { name: order.buyer_name ?? '', email: order.buyer_email ?? '' },
      tickets: tickets.map(ticketData),
    },
  };
}

async function ticketPayload(tx: Queryable, ticketId: number) {
  const ticket = await selectOne<TicketRow>(
    tx,
    sql`SELECT ${TICKET_COLUMNS} FROM tickets t JOIN ticket_types tt ON tt.id = t.ticket_type_id
         WHERE t.id = ${ticketId}`,
  );
  return ticket ? { ticket: ticketData(ticket) } : null;
}

async function eventPayload(tx: Queryable, eventId: number) {
  const event = await selectOne<{
    id: number;
    slug: string;
    name: string;
    status: string;
    starts_at: string | Date;
    ends_at: string | Date;
  }>(tx, sql`SELECT id, slug, name, status, starts_at, ends_at FROM events WHERE id = ${eventId}`);
  if (!event) return null;
  return {
    event: {
      id: Number(event.id),
      slug: event.slug,
      name: event.name,
      status: event.status,
      startsAt: iso(event.starts_at),
      endsAt: iso(event.ends_at),
    },
  };
}

/** The `data` of a `type` event about `subjectId`, or null when the subject is gone. */
export async function webhookData(
  tx: Queryable,
  type: WebhookEventType,
  subjectId: number,
): Promise<Record<string, unknown> | null> {
  switch (SUBJECT_OF[type]) {
    case 'order':
      return orderData(tx, subjectId);
    case 'ticket':
      return ticketPayload(tx, subjectId);
    case 'event':
      return eventPayload(tx, subjectId);
  }
}

/** The organisation a subject belongs to (through its event), or null. */
export function organisationOfSubject(type: WebhookEventType, subjectId: number) {
  switch (SUBJECT_OF[type]) {
    case 'order':
      return sql`(SELECT e.organisation_id FROM orders o JOIN events e ON e.id = o.event_id WHERE o.id = ${subjectId})`;
    case 'ticket':
      return sql`(SELECT e.organisation_id FROM tickets t JOIN events e ON e.id = t.event_id WHERE t.id = ${subjectId})`;
    case 'event':
      return sql`(SELECT organisation_id FROM events WHERE id = ${subjectId})`;
  }
}
