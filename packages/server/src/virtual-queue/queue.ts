import type { QueueEntryView, QueueState, QueueVerification } from '@plateia/core/contracts/queue';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { isValidCpf, normalizeDocumentNumber } from '@plateia/core/rules/document-number';
import { type SQL, sql } from 'drizzle-orm';
import { isCpfDisputed } from '../accounts/cpf.ts';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { PASS_TTL_SECONDS, signPass } from './passes.ts';
import { drawSeed, newPublicId, shuffle } from './shuffle.ts';

/** A high-demand event's queue settings (from `events`). */
export interface QueueEvent {
  id: number;
  name: string;
  highDemand: boolean;
  opensAt: Date | null;
  saleStartsAt: Date | null;
  endsAt: Date;
  capacity: number;
}

interface QueueRow {
  seed: Buffer | Uint8Array;
  commitment: string;
  ordered_at: Date | string | null;
  pre_queue_size: number;
  next_place: string | number;
  admitted_through: string | number;
  admitted_per_minute: number;
}

interface EntryRow {
  public_id: string;
  pre_queue: boolean;
  place: string | number | null;
  status: 'waiting' | 'admitted';
  pass_id: string | null;
  pass_expires_at: Date | string | null;
  admitted_through: string | number;
  admitted_per_minute: number;
  capacity: number;
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The queue settings of an event, or null when there is no such event. */
export async function queueEvent(db: Queryable, eventId: number): Promise<QueueEvent | null> {
  const row = await selectOne<{
    id: number;
    name: string;
    high_demand: boolean;
    queue_opens_at: Date | string | null;
    queue_sale_starts_at: Date | string | null;
    ends_at: Date | string;
    checkout_capacity: number;
  }>(
    db,
    sql`SELECT id, name, high_demand, queue_opens_at, queue_sale_starts_at, ends_at, checkout_capacity
        FROM events WHERE id = ${eventId} AND status <> 'draft'`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    highDemand: row.high_demand,
    opensAt: toDate(row.queue_opens_at),
    saleStartsAt: toDate(row.queue_sale_starts_at),
    endsAt: new Date(row.ends_at),
    capacity: row.checkout_capacity,
  };
}

/** Whether buying this event needs an admission pass at `now`: high demand and not over. */
export function isGated(event: QueueEvent, now: Date): boolean {
  return event.highDemand && now < event.endsAt;
}

/** The event's queue settings, or 404 when it has no queue. */
export async function requireQueueEvent(db: Queryable, eventId: number, now: Date): Promise<QueueEvent> {
  const event = await queueEvent(db, eventId);
  if (!event) throw new HttpError(404, QUEUE_MESSAGES.eventNotFound, 'not_found');
  if (!isGated(event, now) || !event.opensAt || !event.saleStartsAt) {
    throw new HttpError(404, QUEUE_MESSAGES.noQueue, 'no_queue');
  }
  return event;
}

/** The queue row, created with a fresh seed (and its published commitment) on first use. */
async function ensureQueue(db: Queryable, eventId: number): Promise<QueueRow> {
  const select = () =>
    selectOne<QueueRow>(
      db,
      sql`SELECT seed, commitment, ordered_at, pre_queue_size, next_place, admitted_through, admitted_per_minute
          FROM virtual_queues WHERE event_id = ${eventId}`,
    );
  const found = await select();
  if (found) return found;
  const { seed, commitment } = drawSeed();
  await db.execute(
    sql`INSERT INTO virtual_queues (event_id, seed, commitment) VALUES (${eventId}, ${seed}, ${commitment})
        ON CONFLICT (event_id) DO NOTHING`,
  );
  return (await select())!;
}

function seedHex(row: QueueRow): string {
  return Buffer.from(row.seed).toString('hex');
}

/** First key of the queue's advisory lock (the second is the event id): pre-queue joins share it, the shuffle takes it alone. */
const QUEUE_LOCK_CLASS = 7110;

/** Pushes "the queue moved" to every process's open streams (LISTEN/NOTIFY). */
export const QUEUE_CHANNEL = 'plateia_queue';

async function notifyMoved(db: Queryable, eventId: number): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${QUEUE_CHANNEL}, ${String(eventId)})`);
}

/**
 * Gives the pre-queue its places once the sale has started: the entries' public ids in the
 * order of the committed seed (shuffle.ts), places 1…N; late arrivals continue from N + 1.
 * Idempotent; serialised with joins by the queue row's lock. Answers whether it ordered now.
 */
export async function orderPreQueue(db: Database, eventId: number, now: Date): Promise<boolean> {
  const event = await queueEvent(db, eventId);
  if (!event?.highDemand || !event.saleStartsAt || now < event.saleStartsAt) return false;
  await ensureQueue(db, eventId);
  const ordered = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK_CLASS}, ${eventId})`);
    const queue = await selectOne<QueueRow>(
      tx,
      sql`SELECT seed, ordered_at FROM virtual_queues WHERE event_id = ${eventId} FOR UPDATE`,
    );
    if (!queue || queue.ordered_at !== null) return false;
    const ids = await selectRows<{ public_id: string }>(
      tx,
      sql`SELECT public_id FROM virtual_queue_entries WHERE event_id = ${eventId} AND pre_queue`,
    );
    const order = shuffle(
      Buffer.from(queue.seed),
      ids.map((row) => row.public_id),
    );
    if (order.length > 0) {
      await tx.execute(
        sql`UPDATE virtual_queue_entries e SET place = o.place, drawn_place = o.place
            FROM jsonb_array_elements_text(${JSON.stringify(order)}::jsonb) WITH ORDINALITY AS o(public_id, place)
            WHERE e.event_id = ${eventId} AND e.public_id = o.public_id`,
      );
    }
    await tx.execute(
      sql`UPDATE virtual_queues SET ordered_at = ${now}, pre_queue_size = ${order.length},
            next_place = ${order.length + 1}
          WHERE event_id = ${eventId}`,
    );
    return true;
  });
  if (ordered) await notifyMoved(db, eventId);
  return ordered;
}

/**
 * The CPF the customer holds a place with (docs/virtual-queue.md, "What counts as a CPF"):
 * a confirmed e-mail, a valid CPF on the profile (one account per CPF, migration 0190) and
 * no open claim on it. 409 with the reason otherwise.
 */
async function customerCpf(db: Queryable, customerId: number): Promise<string> {
  const row = await selectOne<{ cpfnpj: string; verified: boolean }>(
    db,
    sql`SELECT cpfnpj, email_verified_at IS NOT NULL AS verified FROM customers WHERE id = ${customerId}`,
  );
  if (!row?.verified) throw new HttpError(409, QUEUE_MESSAGES.emailUnverified, 'email_unverified');
  const cpf = normalizeDocumentNumber(row.cpfnpj);
  if (!isValidCpf(cpf)) throw new HttpError(409, QUEUE_MESSAGES.cpfRequired, 'cpf_required');
  // A claimed CPF counts for nobody until it is settled: someone who typed another person's
  // CPF into their profile gains no place with it, and cannot keep its owner out either.
  if (await isCpfDisputed(db, cpf)) throw new HttpError(409, QUEUE_MESSAGES.cpfDisputed, 'cpf_disputed');
  return cpf;
}

class OrderedMeanwhile extends Error {}

/**
 * Puts the customer in the event's queue (one entry per account and per CPF). Before the
 * sale starts the entry joins the pre-queue (a place by the shuffle at the start); after it,
 * the next place at the back. Joining again answers the same entry, except after one's pass
 * expired unused or spent: then the entry goes to the back once more.
 */
export async function joinQueue(db: Database, customerId: number, eventId: number, now: Date): Promise<void> {
  const event = await requireQueueEvent(db, eventId, now);
  if (now < event.opensAt!) throw new HttpError(409, QUEUE_MESSAGES.notOpen, 'not_open');
  const cpf = await customerCpf(db, customerId);
  const queue = await ensureQueue(db, eventId);
  let ordered = queue.ordered_at !== null;
  if (!ordered && now >= event.saleStartsAt!) {
    await orderPreQueue(db, eventId, now);
    ordered = true;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await db.transaction((tx) => joinInTransaction(tx, { customerId, eventId, cpf, now, ordered }));
      return;
    } catch (error) {
      if (!(error instanceof OrderedMeanwhile)) throw error;
      ordered = true;
    }
  }
}

/** A pre-queue join's row; exported so the benchmark's pgbench inserts the very same. */
export function preQueueInsert(entry: {
  eventId: number;
  publicId: string;
  customerId: number;
  cpf: string;
  now: Date;
}): SQL {
  return sql`INSERT INTO virtual_queue_entries (event_id, public_id, customer_id, cpf, joined_at, pre_queue)
    VALUES (${entry.eventId}, ${entry.publicId}, ${entry.customerId}, ${entry.cpf}, ${entry.now}, true)
    ON CONFLICT DO NOTHING RETURNING id`;
}

async function joinInTransaction(
  tx: Queryable,
  input: { customerId: number; eventId: number; cpf: string; now: Date; ordered: boolean },
): Promise<void> {
  const { customerId, eventId, cpf, now } = input;
  const existing = await selectOne<{ id: number; status: string; pass_expires_at: Date | string | null }>(
    tx,
    sql`SELECT id, status, pass_expires_at FROM virtual_queue_entries
        WHERE event_id = ${eventId} AND customer_id = ${customerId}`,
  );
  const expired =
    existing?.status === 'admitted' && (toDate(existing.pass_expires_at)?.getTime() ?? 0) <= now.getTime();
  if (existing && !expired) return;
  if (!input.ordered && !existing) {
    // Pre-queue: joins share the queue's advisory lock (they run side by side); the shuffle takes
    // it exclusively, so no pre-queue entry commits after the shuffle read the list. An advisory
    // lock rather than FOR SHARE on the queue row: thousands of share locks on one row would each
    // rewrite its multixact.
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${QUEUE_LOCK_CLASS}, ${eventId})`);
    const queue = await selectOne<{ ordered_at: Date | string | null }>(
      tx,
      sql`SELECT ordered_at FROM virtual_queues WHERE event_id = ${eventId}`,
    );
    if (queue?.ordered_at !== null) throw new OrderedMeanwhile();
    const inserted = await selectOne<{ id: number }>(
      tx,
      preQueueInsert({ eventId, publicId: newPublicId(), customerId, cpf, now }),
    );
    if (!inserted) await refuseDuplicate(tx, customerId, eventId);
    return;
  }
  // After the shuffle: the next place at the back, taken under the queue row's lock so places
  // have no gaps.
  const queue = await selectOne<{ next_place: string | number }>(
    tx,
    sql`SELECT next_place FROM virtual_queues WHERE event_id = ${eventId} FOR UPDATE`,
  );
  const place = Number(queue!.next_place);
  if (existing) {
    // Two tabs rejoining at once: the second finds the entry already back in line.
    const still = await selectOne<{ status: string }>(
      tx,
      sql`SELECT status FROM virtual_queue_entries WHERE id = ${existing.id}`,
    );
    if (still?.status === 'waiting') return;
    await tx.execute(
      sql`UPDATE virtual_queue_entries SET place = ${place}, status = 'waiting',
            joined_at = ${now}, admitted_at = NULL, pass_id = NULL, pass_expires_at = NULL, pass_used_at = NULL
          WHERE id = ${existing.id}`,
    );
  } else {
    const inserted = await selectOne<{ id: number }>(
      tx,
      sql`INSERT INTO virtual_queue_entries (event_id, public_id, customer_id, cpf, joined_at, pre_queue, place)
          VALUES (${eventId}, ${newPublicId()}, ${customerId}, ${cpf}, ${now}, false, ${place})
          ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (!inserted) {
      await refuseDuplicate(tx, customerId, eventId);
      return;
    }
  }
  await tx.execute(sql`UPDATE virtual_queues SET next_place = next_place + 1 WHERE event_id = ${eventId}`);
}

/** After an insert that hit a unique key: the customer's own entry is fine, another's CPF is 409. */
async function refuseDuplicate(tx: Queryable, customerId: number, eventId: number): Promise<void> {
  const mine = await selectOne<{ id: number }>(
    tx,
    sql`SELECT id FROM virtual_queue_entries WHERE event_id = ${eventId} AND customer_id = ${customerId}`,
  );
  if (!mine) throw new HttpError(409, QUEUE_MESSAGES.cpfTaken, 'cpf_taken');
}

/** Seconds to wait for `ahead` people at the measured admission rate (or capacity per pass time). */
function estimateWait(ahead: number, perMinute: number, capacity: number): number {
  const rate = perMinute > 0 ? perMinute / 60 : capacity / PASS_TTL_SECONDS;
  return Math.ceil((ahead + 1) / rate);
}

/** One customer's entry as the waiting room shows it (with the signed pass while admitted). */
export async function entryView(
  db: Queryable,
  customerId: number,
  eventId: number,
  now: Date,
): Promise<QueueEntryView> {
  const row = await selectOne<EntryRow>(
    db,
    sql`SELECT e.public_id, e.pre_queue, e.place, e.status, e.pass_id, e.pass_expires_at,
               q.admitted_through, q.admitted_per_minute, ev.checkout_capacity AS capacity
        FROM virtual_queue_entries e
        JOIN virtual_queues q ON q.event_id = e.event_id
        JOIN events ev ON ev.id = e.event_id
        WHERE e.event_id = ${eventId} AND e.customer_id = ${customerId}`,
  );
  const none: QueueEntryView = {
    eventId,
    status: 'none',
    publicId: null,
    preQueue: false,
    place: null,
    ahead: null,
    estimatedWaitSeconds: null,
    pass: null,
    passExpiresAt: null,
  };
  if (!row) return none;
  const place = row.place === null ? null : Number(row.place);
  const base = { ...none, publicId: row.public_id, preQueue: row.pre_queue, place };
  if (row.status === 'waiting') {
    const ahead = place === null ? null : Math.max(0, place - Number(row.admitted_through) - 1);
    return {
      ...base,
      status: 'waiting',
      ahead,
      estimatedWaitSeconds:
        ahead === null ? null : estimateWait(ahead, row.admitted_per_minute, row.capacity),
    };
  }
  const expiresAt = toDate(row.pass_expires_at);
  if (!expiresAt || !row.pass_id || expiresAt <= now) return { ...base, status: 'expired', ahead: 0 };
  const pass = await signPass(db, { customerId, eventId, passId: row.pass_id, expiresAt });
  return { ...base, status: 'admitted', ahead: 0, pass, passExpiresAt: expiresAt.toISOString() };
}

/** The waiting room as anyone sees it. */
export async function queueState(db: Queryable, eventId: number, now: Date): Promise<QueueState> {
  const event = await requireQueueEvent(db, eventId, now);
  const queue = await ensureQueue(db, eventId);
  const waiting = await selectOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM virtual_queue_entries WHERE event_id = ${eventId} AND status = 'waiting'`,
  );
  const phase = queue.ordered_at !== null ? 'selling' : now >= event.opensAt! ? 'open' : 'scheduled';
  return {
    eventId,
    eventName: event.name,
    opensAt: event.opensAt!.toISOString(),
    saleStartsAt: event.saleStartsAt!.toISOString(),
    phase,
    commitment: queue.commitment,
    seed: queue.ordered_at !== null ? seedHex(queue) : null,
    preQueueSize: queue.ordered_at !== null ? queue.pre_queue_size : 0,
    admittedThrough: Number(queue.admitted_through),
    waiting: waiting?.n ?? 0,
    checkoutCapacity: event.capacity,
  };
}

/** What anyone needs to recompute the pre-queue's order: commitment, seed and the order given. */
export async function queueVerification(
  db: Queryable,
  eventId: number,
  now: Date,
): Promise<QueueVerification> {
  await requireQueueEvent(db, eventId, now);
  const queue = await ensureQueue(db, eventId);
  if (queue.ordered_at === null) return { eventId, commitment: queue.commitment, seed: null, order: [] };
  const rows = await selectRows<{ public_id: string }>(
    db,
    sql`SELECT public_id FROM virtual_queue_entries
        WHERE event_id = ${eventId} AND drawn_place IS NOT NULL
        ORDER BY drawn_place`,
  );
  return {
    eventId,
    commitment: queue.commitment,
    seed: seedHex(queue),
    order: rows.map((row) => row.public_id),
  };
}

export { notifyMoved };
