import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { PASS_TTL_SECONDS } from './passes.ts';
import { notifyMoved, orderPreQueue } from './queue.ts';

/** The admission job: one per event at a time (singleton key), sending itself again while people wait. */
export const ADMIT_JOB = 'virtual-queue.admit';
/** Seconds between two admission rounds of an event while its queue has people waiting or buying. */
export const ADMIT_INTERVAL_SECONDS = 3;

/** What one admission round did. */
export interface AdmissionRound {
  /** Checkout capacity in use: unused passes, live holds (per holder), live reservations. */
  inUse: number;
  admitted: number;
  admittedThrough: number;
  waiting: number;
}

/**
 * Checkout slots in use for an event: passes not used yet (and not expired), distinct holders
 * of live seat holds not yet reserved, and live reservations. A pass stops counting once used:
 * from then on its holder's hold or reservation counts.
 */
export async function slotsInUse(db: Queryable, eventId: number, now: Date): Promise<number> {
  const row = await selectOne<{ passes: number; holds: number; reservations: number }>(
    db,
    sql`SELECT
          (SELECT count(*)::int FROM virtual_queue_entries
            WHERE event_id = ${eventId} AND status = 'admitted' AND pass_used_at IS NULL
              AND pass_expires_at > ${now}) AS passes,
          (SELECT count(DISTINCT held_by)::int FROM seats
            WHERE event_id = ${eventId} AND held_until > now() AND order_id IS NULL AND held_by IS NOT NULL) AS holds,
          (SELECT count(*)::int FROM orders
            WHERE event_id = ${eventId} AND status = 'reserved' AND expires_at > now()) AS reservations`,
  );
  return (row?.passes ?? 0) + (row?.holds ?? 0) + (row?.reservations ?? 0);
}

/**
 * One round of the admission controller: the pre-queue is shuffled if the sale has started,
 * then the next `capacity - slots in use` waiting places get a pass (10 minutes). Rounds of
 * one event are serialised by the queue row's lock, so two processes never admit the same
 * free slot twice.
 */
export async function admitNext(db: Database, eventId: number, now: Date): Promise<AdmissionRound> {
  await orderPreQueue(db, eventId, now);
  const round = await db.transaction(async (tx) => {
    const queue = await selectOne<{
      ordered_at: Date | string | null;
      admitted_through: string;
      capacity: number;
    }>(
      tx,
      sql`SELECT q.ordered_at, q.admitted_through, e.checkout_capacity AS capacity
          FROM virtual_queues q JOIN events e ON e.id = q.event_id
          WHERE q.event_id = ${eventId} AND e.high_demand FOR UPDATE OF q`,
    );
    if (!queue || queue.ordered_at === null) return null;
    const inUse = await slotsInUse(tx, eventId, now);
    const free = Math.max(0, queue.capacity - inUse);
    let admittedThrough = Number(queue.admitted_through);
    let admitted = 0;
    if (free > 0) {
      const expiresAt = new Date(now.getTime() + PASS_TTL_SECONDS * 1000);
      const rows = await selectRows<{ place: string | number }>(
        tx,
        sql`UPDATE virtual_queue_entries SET status = 'admitted', admitted_at = ${now},
              pass_id = gen_random_uuid()::text, pass_expires_at = ${expiresAt}, pass_used_at = NULL
            WHERE id IN (
              SELECT id FROM virtual_queue_entries
              WHERE event_id = ${eventId} AND status = 'waiting' AND place IS NOT NULL
              ORDER BY place LIMIT ${free})
            RETURNING place`,
      );
      admitted = rows.length;
      for (const row of rows) admittedThrough = Math.max(admittedThrough, Number(row.place));
    }
    const since = new Date(now.getTime() - 5 * 60_000);
    await tx.execute(
      sql`UPDATE virtual_queues SET admitted_through = ${admittedThrough},
            admitted_per_minute = (SELECT count(*) FROM virtual_queue_entries
              WHERE event_id = ${eventId} AND admitted_at > ${since}) / 5.0
          WHERE event_id = ${eventId}`,
    );
    const waiting = await selectOne<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM virtual_queue_entries WHERE event_id = ${eventId} AND status = 'waiting'`,
    );
    return { inUse, admitted, admittedThrough, waiting: waiting?.n ?? 0 };
  });
  if (!round) return { inUse: 0, admitted: 0, admittedThrough: 0, waiting: 0 };
  if (round.admitted > 0) await notifyMoved(db, eventId);
  return round;
}

/** Files the event's next admission round (one waiting job per event). */
export async function scheduleAdmission(jobs: JobQueue, eventId: number, startAfter?: Date): Promise<void> {
  await jobs.send(
    ADMIT_JOB,
    { eventId },
    { singletonKey: `event:${eventId}`, retryLimit: 0, ...(startAfter ? { startAfter } : {}) },
  );
}

/** The admission job's body: a round, then the next one a few seconds later while anyone waits or buys. */
export async function runAdmission(
  db: Database,
  jobs: JobQueue,
  eventId: number,
  now: Date,
): Promise<AdmissionRound> {
  const round = await admitNext(db, eventId, now);
  if (round.waiting > 0) {
    await scheduleAdmission(jobs, eventId, new Date(Date.now() + ADMIT_INTERVAL_SECONDS * 1000));
  }
  return round;
}

/**
 * Reads catch the queue up: once the sale start has passed and the pre-queue is not shuffled
 * yet, the first read shuffles it and files an admission round, so nobody waits for the
 * minutely schedule. One primary-key read when there is nothing to do.
 */
export async function catchUpQueue(db: Database, jobs: JobQueue, eventId: number, now: Date): Promise<void> {
  const due = await selectOne<{ due: boolean }>(
    db,
    sql`SELECT true AS due FROM virtual_queues q JOIN events e ON e.id = q.event_id
        WHERE q.event_id = ${eventId} AND q.ordered_at IS NULL AND e.high_demand
          AND e.queue_sale_starts_at <= ${now}`,
  );
  if (!due) return;
  await orderPreQueue(db, eventId, now);
  await scheduleAdmission(jobs, eventId);
}

/**
 * The minutely safety net: every high-demand event whose sale has started and that has people
 * waiting gets an admission round filed (a lost self-scheduled job is replaced within a minute).
 */
export async function scheduleOpenQueues(db: Queryable, jobs: JobQueue, now: Date): Promise<number> {
  const rows = await selectRows<{ event_id: number }>(
    db,
    sql`SELECT q.event_id FROM virtual_queues q JOIN events e ON e.id = q.event_id
        WHERE e.high_demand AND e.queue_sale_starts_at <= ${now} AND e.ends_at > ${now}
          AND (q.ordered_at IS NULL OR EXISTS (
            SELECT 1 FROM virtual_queue_entries w WHERE w.event_id = q.event_id AND w.status = 'waiting'))`,
  );
  for (const row of rows) await scheduleAdmission(jobs, row.event_id);
  return rows.length;
}
