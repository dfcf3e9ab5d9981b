import { CHECK_IN_API_MESSAGES } from '@plateia/core/messages/check-in';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

/** Who asks: the authenticated customer. */
export interface CheckInActor {
  id: number;
  /** '1' for producers (spec §3). */
  isadmin: string;
}

/** The event a producer runs the door of. */
export interface CheckInEvent {
  id: number;
  name: string;
  startsAt: Date;
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
  if (actor.isadmin !== '1') throw new HttpError(403, CHECK_IN_API_MESSAGES.notProducer, 'forbidden');
  const event = await selectOne<{
    id: number;
    name: string;
    starts_at: Date | string;
    producer_id: number | null;
    ticket_key: Uint8Array;
  }>(db, sql`SELECT id, name, starts_at, producer_id, ticket_key FROM events WHERE id = ${eventId}`);
  if (!event) throw new HttpError(404, CHECK_IN_API_MESSAGES.eventNotFound, 'not_found');
  if (event.producer_id !== actor.id)
    throw new HttpError(403, CHECK_IN_API_MESSAGES.notProducer, 'forbidden');
  return {
    id: event.id,
    name: event.name,
    startsAt: new Date(event.starts_at),
    ticketKey: new Uint8Array(event.ticket_key),
  };
}
