/**
 * Events a producer creates in the producer area (docs/producers.md, "Events"): a draft in
 * the organisation, seen only by its members, until an owner or manager publishes it; then
 * it is in the catalogue like any other. Building the event (lots, meia quota) is
 * `createEvent`'s; this module checks who asks and what they typed.
 */
import { randomBytes } from 'node:crypto';
import type {
  DraftEventInput,
  DraftLotInput,
  OrganisationEvent,
  OrganisationEventStatus,
} from '@plateia/core/contracts/organisations';
import { PRODUCER_EVENT_MESSAGES } from '@plateia/core/messages/producer-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows, sqlState } from '../db/sql.ts';
import { requireEventPower, requireMember, requirePower } from '../organisations/access.ts';
import { HttpError } from '../plugins/errors.ts';
import { createEvent, type LotInput } from './create.ts';

/** How the producer area names where an event stands (OrganisationEventStatus). */
export function eventStatusOf(
  status: string,
  changedAt: Date | string | null,
  endsAt: Date | string,
  now: Date,
): OrganisationEventStatus {
  if (status === 'draft' || status === 'cancelled') return status;
  if (new Date(endsAt) <= now) return 'past';
  return changedAt ? 'changed' : 'published';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const invalid = (message: string) => new HttpError(400, message, 'validation');

/** The event's address from its name: lower case, no accents, hyphens, a short random tail. */
export function slugFor(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'evento'}-${randomBytes(3).toString('hex')}`;
}

/** A lot as typed, checked: 400 with the pt-BR message of what is wrong. */
export function lotOf(lot: DraftLotInput): LotInput {
  const name = lot.name.trim();
  if (!name) throw invalid(PRODUCER_EVENT_MESSAGES.lotNameRequired);
  if (!Number.isSafeInteger(lot.quantity) || lot.quantity < 1)
    throw invalid(PRODUCER_EVENT_MESSAGES.lotQuantity);
  if (!Number.isSafeInteger(lot.priceCents) || lot.priceCents < 0)
    throw invalid(PRODUCER_EVENT_MESSAGES.lotPrice);
  const salesStart = lot.salesStart ? new Date(lot.salesStart) : undefined;
  const salesEnd = lot.salesEnd ? new Date(lot.salesEnd) : undefined;
  if (salesStart && salesEnd && salesEnd <= salesStart) throw invalid(PRODUCER_EVENT_MESSAGES.lotWindow);
  return {
    name,
    priceCents: lot.priceCents,
    quantity: lot.quantity,
    ...(lot.perOrderLimit ? { perOrderLimit: lot.perOrderLimit } : {}),
    ...(salesStart ? { salesStart } : {}),
    ...(salesEnd ? { salesEnd } : {}),
  };
}

/**
 * Creates a draft event in the organisation (owners and managers): 400 with the field's
 * pt-BR message for what is missing or wrong, 409 for an address already taken.
 */
export async function createDraftEvent(
  db: Database,
  organisationId: number,
  actorId: number,
  input: DraftEventInput,
  now: Date,
): Promise<{ id: number; slug: string }> {
  await requirePower(db, organisationId, actorId, 'events.edit');
  const name = input.name.trim();
  const venue = input.venue.trim();
  const city = input.city.trim();
  if (!name) throw invalid(PRODUCER_EVENT_MESSAGES.nameRequired);
  if (!venue) throw invalid(PRODUCER_EVENT_MESSAGES.venueRequired);
  if (!city) throw invalid(PRODUCER_EVENT_MESSAGES.cityRequired);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (!(startsAt > now)) throw invalid(PRODUCER_EVENT_MESSAGES.startsInFuture);
  if (!(endsAt > startsAt)) throw invalid(PRODUCER_EVENT_MESSAGES.endsAfterStart);
  if (input.lots.length === 0) throw invalid(PRODUCER_EVENT_MESSAGES.lotsRequired);
  // Lots sharing a name are one ticket type's lots, in the order typed: each sells after the
  // one before sells out or at its own sales start (catalogue/lots.ts).
  const numbers = new Map<string, number>();
  const lots = input.lots.map((typed) => {
    const lot = lotOf(typed);
    const nNumber = (numbers.get(lot.name) ?? 0) + 1;
    numbers.set(lot.name, nNumber);
    return { ...lot, nNumber };
  });
  const slug = input.slug?.trim() || slugFor(name);
  if (!SLUG.test(slug)) throw invalid(PRODUCER_EVENT_MESSAGES.slugInvalid);
  try {
    const created = await createEvent(db, {
      slug,
      name,
      description: input.description?.trim() ?? '',
      venue,
      city,
      startsAt,
      endsAt,
      producerId: actorId,
      organisationId,
      lots,
      status: 'draft',
      createdAt: now,
      ...(input.meiaPercentBps ? { meia: { percentBps: input.meiaPercentBps } } : {}),
    });
    return { id: created.id, slug };
  } catch (error) {
    // 23505 unique_violation: the slug is another event's.
    if (sqlState(error) === '23505')
      throw new HttpError(409, PRODUCER_EVENT_MESSAGES.slugTaken, 'slug_taken');
    throw error;
  }
}

/** The organisation's events, drafts included, the next to start first (any member). */
export async function listOrganisationEvents(
  db: Queryable,
  organisationId: number,
  actorId: number,
  now: Date,
): Promise<OrganisationEvent[]> {
  await requireMember(db, organisationId, actorId);
  const rows = await selectRows<{
    id: number;
    slug: string;
    name: string;
    status: string;
    changed_at: string | Date | null;
    starts_at: string | Date;
    ends_at: string | Date;
    sold: number;
  }>(
    db,
    sql`SELECT e.id, e.slug, e.name, e.status, e.changed_at, e.starts_at, e.ends_at,
               (SELECT count(*)::int FROM tickets t WHERE t.event_id = e.id AND t.status IN ('valid', 'used')) AS sold
          FROM events e
         WHERE e.organisation_id = ${organisationId}
         ORDER BY e.starts_at, e.id
         LIMIT 500`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    status: eventStatusOf(row.status, row.changed_at, row.ends_at, now),
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    ticketsSold: row.sold,
  }));
}

/** Publishes a draft (owners and managers): 409 when it is not a draft any more. */
export async function publishEvent(
  db: Queryable,
  eventId: number,
  actorId: number,
  now: Date,
): Promise<void> {
  await requireEventPower(db, eventId, actorId, 'events.edit', {
    notProducer: PRODUCER_EVENT_MESSAGES.producerOnly,
    notFound: PRODUCER_EVENT_MESSAGES.eventNotFound,
    forbidden: PRODUCER_EVENT_MESSAGES.producerOnly,
  });
  const rows = await selectRows<{ id: number }>(
    db,
    sql`UPDATE events SET status = 'published', updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${eventId} AND status = 'draft' RETURNING id`,
  );
  if (rows.length === 0) throw new HttpError(409, PRODUCER_EVENT_MESSAGES.notDraft, 'not_draft');
}
