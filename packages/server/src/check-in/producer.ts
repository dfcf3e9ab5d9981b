import { CHECK_IN_API_MESSAGES } from '@plateia/core/messages/check-in';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { isProducer, requireEventPower } from '../organisations/access.ts';
import { rolesWith } from '../organisations/roles.ts';
import { HttpError } from '../plugins/errors.ts';
import { eventTicketKey } from '../tickets/ticket-keys.ts';

/** The roles that run an event's door. */
const DOOR_ROLES = `{${rolesWith('door').join(',')}}`;

/** Who asks: the authenticated customer. */
export interface CheckInActor {
  id: number;
  /** '1' for producers (docs/check-in.md). */
  isadmin: string;
}

/** The event a producer runs the door of. */
export interface CheckInEvent {
  id: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  /** The 32-byte key every ticket code of the event derives from. */
  ticketKey: Uint8Array;
}

/**
 * The event, when `actor` is a producer (`isadmin` '1') and the event's own producer;
 * throws 403 for anyone else (before looking the event up, so a customer learns nothing
 * about which events exist) and 404 for an unknown event.
 */
export async function producerEvent(
  db: Queryable,
  eventId: number,
  actor: CheckInActor,
): Promise<CheckInEvent> {
  await requireEventPower(db, eventId, actor.id, 'door', {
    notProducer: CHECK_IN_API_MESSAGES.notProducer,
    notFound: CHECK_IN_API_MESSAGES.eventNotFound,
  });
  const event = await selectOne<{
    id: number;
    name: string;
    starts_at: Date | string;
    ends_at: Date | string;
  }>(db, sql`SELECT id, name, starts_at, ends_at FROM events WHERE id = ${eventId}`);
  if (!event) throw new HttpError(404, CHECK_IN_API_MESSAGES.eventNotFound, 'not_found');
  const ticketKey = await eventTicketKey(db, event.id);
  if (!ticketKey) throw new HttpError(404, CHECK_IN_API_MESSAGES.eventNotFound, 'not_found');
  return {
    id: event.id,
    name: event.name,
    startsAt: new Date(event.starts_at),
    endsAt: new Date(event.ends_at),
    ticketKey,
  };
}

/** An event in the producer's check-in list. */
export interface ProducerEventSummary {
  id: number;
  name: string;
  startsAt: string;
  /** Tickets issued, any status. */
  tickets: number;
  /** Tickets admitted at the door ('used'). */
  used: number;
}

/**
 * The events `actor` produces, the next to start first (past ones last), with ticket counts;
 * 403 unless `actor` is a producer.
 */
export async function producerEvents(
  db: Queryable,
  actor: CheckInActor,
  now: Date,
): Promise<ProducerEventSummary[]> {
  if (!(await isProducer(db, actor.id))) {
    throw new HttpError(403, CHECK_IN_API_MESSAGES.notProducer, 'forbidden');
  }
  const rows = await selectRows<{
    id: number;
    name: string;
    starts_at: Date | string;
    tickets: number;
    used: number;
  }>(
    db,
    sql`SELECT e.id, e.name, e.starts_at,
               (SELECT count(*)::int FROM tickets t WHERE t.event_id = e.id) AS tickets,
               (SELECT count(*)::int FROM tickets t WHERE t.event_id = e.id AND t.status = 'used') AS used
        FROM events e
        JOIN organisation_members m ON m.organisation_id = e.organisation_id AND m.customer_id = ${actor.id}
        WHERE m.role = ANY(${DOOR_ROLES})
        ORDER BY (e.ends_at < ${now}), abs(extract(epoch FROM e.starts_at - ${now})), e.id
        LIMIT 200`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    startsAt: new Date(row.starts_at).toISOString(),
    tickets: row.tickets,
    used: row.used,
  }));
}
