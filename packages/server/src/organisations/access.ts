/**
 * Who may act on an organisation and its events. Someone who is not a member of the
 * organisation learns nothing about it (404, as if it did not exist); a member whose role
 * lacks the power gets 403.
 */
import { ORGANISATION_MESSAGES, type OrganisationRole } from '@plateia/core/messages/organisations';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { type OrganisationPower, roleHas } from './roles.ts';

/** The actor's role in the organisation, null when they are not a member. */
export async function roleIn(
  db: Queryable,
  organisationId: number,
  customerId: number,
): Promise<OrganisationRole | null> {
  const row = await selectOne<{ role: OrganisationRole }>(
    db,
    sql`SELECT role FROM organisation_members
         WHERE organisation_id = ${organisationId} AND customer_id = ${customerId}`,
  );
  return row?.role ?? null;
}

/**
 * Whether the customer is a producer (`isadmin` '1'): a member of an organisation, or an
 * account marked as a producer before it joined one.
 */
export async function isProducer(db: Queryable, customerId: number): Promise<boolean> {
  const row = await selectOne<{ found: boolean }>(
    db,
    sql`SELECT (isadmin = '1' OR organisation_count > 0) AS found FROM customers WHERE id = ${customerId}`,
  );
  return row?.found === true;
}

/** The actor's role, whatever it is: 404 for a non-member. */
export async function requireMember(db: Queryable, organisationId: number, customerId: number) {
  const role = await roleIn(db, organisationId, customerId);
  if (!role) throw new HttpError(404, ORGANISATION_MESSAGES.notFound, 'not_found');
  return role;
}

/**
 * The actor's role when it carries `power`: 404 (`notFound`) for a non-member, 403 for a
 * member whose role lacks the power.
 */
export async function requirePower(
  db: Queryable,
  organisationId: number,
  customerId: number,
  power: OrganisationPower,
  notFound: string = ORGANISATION_MESSAGES.notFound,
  forbidden: string = ORGANISATION_MESSAGES.forbidden,
): Promise<OrganisationRole> {
  const role = await roleIn(db, organisationId, customerId);
  if (!role) throw new HttpError(404, notFound, 'not_found');
  if (!roleHas(role, power)) throw new HttpError(403, forbidden, 'forbidden');
  return role;
}

/** The texts an event route answers with when access is refused. */
export interface EventAccessMessages {
  /** For someone in no organisation at all: a customer, not a producer (403). */
  notProducer: string;
  /** For an event that does not exist or belongs to another organisation (404). */
  notFound: string;
  /** For a member whose role lacks the power (403). */
  forbidden?: string;
}

/**
 * The organisation of `eventId` when the actor's role there carries `power`. Someone in no
 * organisation gets 403 before the event is looked up (a customer learns nothing about which
 * events exist); a producer of another organisation gets 404, the same as an unknown event;
 * a member whose role lacks the power gets 403.
 */
export async function requireEventPower(
  db: Queryable,
  eventId: number,
  customerId: number,
  power: OrganisationPower,
  messages: EventAccessMessages,
): Promise<{ organisationId: number; role: OrganisationRole }> {
  // One statement per call (the door calls this on every scan): the actor's producer flag,
  // the event's organisation and the actor's role in it.
  const row = await selectOne<{
    producer: boolean;
    organisation_id: number | null;
    role: OrganisationRole | null;
  }>(
    db,
    sql`SELECT (c.isadmin = '1' OR c.organisation_count > 0) AS producer,
               e.organisation_id, m.role
          FROM customers c
          LEFT JOIN events e ON e.id = ${eventId}
          LEFT JOIN organisation_members m
            ON m.organisation_id = e.organisation_id AND m.customer_id = c.id
         WHERE c.id = ${customerId}`,
  );
  if (!row?.producer) throw new HttpError(403, messages.notProducer, 'forbidden');
  if (row.organisation_id === null || row.role === null) {
    throw new HttpError(404, messages.notFound, 'not_found');
  }
  if (!roleHas(row.role, power)) {
    throw new HttpError(403, messages.forbidden ?? ORGANISATION_MESSAGES.forbidden, 'forbidden');
  }
  return { organisationId: Number(row.organisation_id), role: row.role };
}
