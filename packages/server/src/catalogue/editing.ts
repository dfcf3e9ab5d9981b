/**
 * Editing an event in the producer area (docs/producers.md, "Editing an event"): its details,
 * refund policy and high-demand switch; a lot added after the others; a copy as a new draft.
 * Editing never changes what was sold: lots keep their prices, and a new price is a new lot
 * that sells after the ones before it. A published event whose date or venue changes is
 * marked changed (`changed_at`) and the change is kept in `event_changes`.
 */
import type {
  DraftLotInput,
  EventEditInput,
  ManagedEvent,
  ManagedLot,
} from '@plateia/core/contracts/organisations';
import { PRODUCER_EVENT_MESSAGES as M } from '@plateia/core/messages/producer-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { type EventAccessMessages, requireEventPower } from '../organisations/access.ts';
import { HttpError } from '../plugins/errors.ts';
import { refreshMeiaQuota } from '../stock/meia-quota.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { createEvent, insertLots, type LotInput } from './create.ts';
import { eventStatusOf, lotOf, slugFor } from './drafts.ts';

/** The longest refund policy a producer writes. */
export const REFUND_POLICY_MAX = 2000;

const ACCESS: EventAccessMessages = {
  notProducer: M.producerOnly,
  notFound: M.eventNotFound,
  forbidden: M.producerOnly,
};

const invalid = (message: string) => new HttpError(400, message, 'validation');

interface EventRow {
  id: number;
  organisation_id: number;
  slug: string;
  name: string;
  description: string;
  venue: string;
  city: string;
  starts_at: Date | string;
  ends_at: Date | string;
  status: string;
  changed_at: Date | string | null;
  refund_policy: string;
  high_demand: boolean;
  queue_opens_at: Date | string | null;
  queue_sale_starts_at: Date | string | null;
  service_fee_bps: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

async function eventRow(db: Queryable, eventId: number, lock = false): Promise<EventRow> {
  const row = await selectOne<EventRow>(
    db,
    sql`SELECT id, organisation_id, slug, name, description, venue, city, starts_at, ends_at, status,
               changed_at, refund_policy, high_demand, queue_opens_at, queue_sale_starts_at, service_fee_bps
          FROM events WHERE id = ${eventId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw new HttpError(404, M.eventNotFound, 'not_found');
  return row;
}

async function lotsOf(db: Queryable, eventId: number): Promise<ManagedLot[]> {
  const rows = await selectRows<{
    id: number;
    name: string;
    n_number: number;
    price_cents: number;
    quantity: number;
    taken: number;
    per_order_limit: number;
    sales_start: Date | string | null;
    sales_end: Date | string | null;
    numbered: boolean;
  }>(
    db,
    sql`SELECT id, name, n_number, price_cents, quantity, sold + reserved AS taken, per_order_limit,
               sales_start, sales_end, numbered
          FROM ticket_types WHERE event_id = ${eventId} AND status <> 'hidden'
         ORDER BY sort, id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    lotNumber: row.n_number,
    priceCents: row.price_cents,
    quantity: row.quantity,
    taken: Number(row.taken),
    perOrderLimit: row.per_order_limit,
    salesStart: isoOrNull(row.sales_start),
    salesEnd: isoOrNull(row.sales_end),
    numbered: row.numbered,
  }));
}

function managedOf(row: EventRow, lots: ManagedLot[], now: Date): ManagedEvent {
  return {
    id: Number(row.id),
    organisationId: Number(row.organisation_id),
    slug: row.slug,
    name: row.name,
    description: row.description,
    venue: row.venue,
    city: row.city,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    status: eventStatusOf(row.status, row.changed_at, row.ends_at, now),
    refundPolicy: row.refund_policy,
    highDemand:
      row.high_demand && row.queue_opens_at && row.queue_sale_starts_at
        ? { queueOpensAt: iso(row.queue_opens_at), saleStartsAt: iso(row.queue_sale_starts_at) }
        : null,
    lots,
  };
}

/** The event with everything its owners and managers edit. */
export async function managedEvent(
  db: Queryable,
  eventId: number,
  actorId: number,
  now: Date,
): Promise<ManagedEvent> {
  await requireEventPower(db, eventId, actorId, 'events.edit', ACCESS);
  return managedOf(await eventRow(db, eventId), await lotsOf(db, eventId), now);
}

/** A draft, published or changed event still to end: 409 for a cancelled or past one. */
function requireEditable(row: EventRow, now: Date): void {
  if (row.status === 'cancelled') throw new HttpError(409, M.eventCancelled, 'event_cancelled');
  if (new Date(row.ends_at) <= now) throw new HttpError(409, M.eventPast, 'event_past');
}

/** The edit cleaned and checked: 400 with the field's pt-BR message. */
function validatedEdit(input: EventEditInput, row: EventRow, now: Date) {
  const name = input.name.trim();
  const venue = input.venue.trim();
  const city = input.city.trim();
  if (!name) throw invalid(M.nameRequired);
  if (!venue) throw invalid(M.venueRequired);
  if (!city) throw invalid(M.cityRequired);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (Number.isNaN(startsAt.getTime())) throw invalid(M.startsInFuture);
  // An event in progress keeps its start; a new start must be in the future.
  if (startsAt.getTime() !== new Date(row.starts_at).getTime() && !(startsAt > now))
    throw invalid(M.startsInFuture);
  if (!(endsAt > startsAt)) throw invalid(M.endsAfterStart);
  const refundPolicy = (input.refundPolicy ?? row.refund_policy).trim();
  if (refundPolicy.length > REFUND_POLICY_MAX) throw invalid(M.refundPolicyTooLong);
  let highDemand: { opens: Date; sale: Date } | null = null;
  const wanted = input.highDemand === undefined ? currentHighDemand(row) : input.highDemand;
  if (wanted) {
    const opens = new Date(wanted.queueOpensAt);
    const sale = new Date(wanted.saleStartsAt);
    if (Number.isNaN(opens.getTime()) || Number.isNaN(sale.getTime())) throw invalid(M.queueTimesRequired);
    if (!(sale > opens)) throw invalid(M.queueOrder);
    if (!(sale < endsAt)) throw invalid(M.queueBeforeEnd);
    highDemand = { opens, sale };
  }
  return {
    name,
    description: (input.description ?? row.description).trim(),
    venue,
    city,
    startsAt,
    endsAt,
    refundPolicy,
    highDemand,
  };
}

function currentHighDemand(row: EventRow): { queueOpensAt: string; saleStartsAt: string } | null {
  return row.high_demand && row.queue_opens_at && row.queue_sale_starts_at
    ? { queueOpensAt: iso(row.queue_opens_at), saleStartsAt: iso(row.queue_sale_starts_at) }
    : null;
}

/**
 * Whether the high-demand settings differ and the waiting room's sale has already begun: the
 * queue's order and passes were given under the old ones (docs/virtual-queue.md).
 */
function queueLocked(row: EventRow, next: { opens: Date; sale: Date } | null, now: Date): boolean {
  const current = currentHighDemand(row);
  const same =
    (current === null && next === null) ||
    (current !== null &&
      next !== null &&
      current.queueOpensAt === next.opens.toISOString() &&
      current.saleStartsAt === next.sale.toISOString());
  return !same && current !== null && new Date(current.saleStartsAt) <= now;
}

/**
 * Saves an event's details (owners and managers). On a published event a new date or venue
 * marks it changed and keeps the change; `changed` in the answer says so.
 */
export async function editEvent(
  db: Database,
  eventId: number,
  actorId: number,
  input: EventEditInput,
  now: Date,
): Promise<{ event: ManagedEvent; changed: boolean }> {
  await requireEventPower(db, eventId, actorId, 'events.edit', ACCESS);
  return db.transaction(async (tx) => {
    const row = await eventRow(tx, eventId, true);
    requireEditable(row, now);
    const edit = validatedEdit(input, row, now);
    if (queueLocked(row, edit.highDemand, now)) throw new HttpError(409, M.queueStarted, 'queue_started');
    const before = {
      startsAt: iso(row.starts_at),
      endsAt: iso(row.ends_at),
      venue: row.venue,
      city: row.city,
    };
    const after = {
      startsAt: edit.startsAt.toISOString(),
      endsAt: edit.endsAt.toISOString(),
      venue: edit.venue,
      city: edit.city,
    };
    const changed = row.status === 'published' && JSON.stringify(before) !== JSON.stringify(after);
    const at = now.toISOString();
    await tx.execute(
      sql`UPDATE events
             SET name = ${edit.name}, description = ${edit.description}, venue = ${edit.venue},
                 city = ${edit.city}, starts_at = ${after.startsAt}::timestamptz,
                 ends_at = ${after.endsAt}::timestamptz, refund_policy = ${edit.refundPolicy},
                 high_demand = ${edit.highDemand !== null},
                 queue_opens_at = ${edit.highDemand ? edit.highDemand.opens.toISOString() : null}::timestamptz,
                 queue_sale_starts_at = ${edit.highDemand ? edit.highDemand.sale.toISOString() : null}::timestamptz,
                 changed_at = ${changed ? sql`${at}::timestamptz` : sql`changed_at`},
                 updated_at = ${at}::timestamptz
           WHERE id = ${eventId}`,
    );
    if (changed) {
      await tx.execute(
        sql`INSERT INTO event_changes (event_id, changed_by, changed_at, before, after)
            VALUES (${eventId}, ${actorId}, ${at}::timestamptz, ${JSON.stringify(before)}::jsonb,
                    ${JSON.stringify(after)}::jsonb)`,
      );
      await emitWebhookEvent(tx, 'event.changed', eventId);
    }
    return { event: managedOf(await eventRow(tx, eventId), await lotsOf(tx, eventId), now), changed };
  });
}

/**
 * Adds a general-admission lot after the event's others (owners and managers). A lot named
 * like an existing ticket type is that type's next lot: it sells once the one before sells out
 * or at its own sales start (catalogue/lots.ts), which is how a new price reaches buyers
 * without touching what was sold.
 */
export async function addLot(
  db: Database,
  eventId: number,
  actorId: number,
  input: DraftLotInput,
  now: Date,
): Promise<ManagedLot> {
  await requireEventPower(db, eventId, actorId, 'events.edit', ACCESS);
  const lot = lotOf(input);
  return db.transaction(async (tx) => {
    requireEditable(await eventRow(tx, eventId, true), now);
    const place = await selectOne<{ next_number: number; next_sort: number; seated: boolean }>(
      tx,
      sql`SELECT coalesce(max(n_number) FILTER (WHERE name = ${lot.name}), 0) + 1 AS next_number,
                 coalesce(max(sort), -1) + 1 AS next_sort,
                 coalesce(bool_or(numbered) FILTER (WHERE name = ${lot.name}), false) AS seated
            FROM ticket_types WHERE event_id = ${eventId}`,
    );
    if (place?.seated) throw invalid(M.lotOnSeatedType);
    const [id] = await insertLots(tx, eventId, [{ ...lot, nNumber: place?.next_number ?? 1 }], null, {
      firstSort: place?.next_sort ?? 0,
    });
    // The meia quota is a share of the tickets offered, so it grows with them.
    await refreshMeiaQuota(tx, eventId);
    const added = (await lotsOf(tx, eventId)).find((row) => row.id === id);
    if (!added) throw new Error('the lot just added was not found');
    return added;
  });
}

/**
 * Copies an event as a new draft in the same organisation (owners and managers): its details,
 * refund policy, fee and general-admission lots (their prices, quantities and limits; none
 * sold), and its meia share. The copy keeps the dates for the producer to change; a seat map
 * is not copied.
 */
export async function duplicateEvent(
  db: Database,
  eventId: number,
  actorId: number,
  now: Date,
): Promise<{ id: number; slug: string }> {
  const { organisationId } = await requireEventPower(db, eventId, actorId, 'events.edit', ACCESS);
  const row = await eventRow(db, eventId);
  const lots: LotInput[] = (await lotsOf(db, eventId))
    .filter((lot) => !lot.numbered)
    .map((lot) => ({
      name: lot.name,
      nNumber: lot.lotNumber,
      priceCents: lot.priceCents,
      quantity: lot.quantity,
      perOrderLimit: lot.perOrderLimit,
    }));
  const meia = await selectOne<{ percent_bps: number }>(
    db,
    sql`SELECT percent_bps FROM meia_quotas WHERE event_id = ${eventId}`,
  );
  const name = `${row.name} (cópia)`.slice(0, 200);
  const slug = slugFor(row.name);
  const created = await createEvent(db, {
    slug,
    name,
    description: row.description,
    venue: row.venue,
    city: row.city,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    producerId: actorId,
    organisationId,
    serviceFeeBps: row.service_fee_bps,
    refundPolicy: row.refund_policy,
    lots,
    status: 'draft',
    createdAt: now,
    ...(meia ? { meia: { percentBps: meia.percent_bps } } : {}),
  });
  return { id: created.id, slug };
}
