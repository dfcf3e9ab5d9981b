/**
 * An event's meia-entrada quota counters (`meia_quotas.quantity`, `taken`; migration 0101,
 * docs/meia-entrada.md): a shared stock like a lot, moved only here, each move one
 * conditional UPDATE. `quantity` = ceil(offered × percent) + extra, where "offered" is the
 * event's general-admission units plus its seats on sale.
 */
import type { MeiaCategory } from '@plateia/core/contracts/catalogue';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/** An event's meia policy as the producer sets it. */
export interface MeiaPolicy {
  /** Share of the tickets offered at half price, in basis points (at least 4000 = 40%). */
  percentBps: number;
  /** Meias the producer offers beyond the share. */
  extra: number;
  stateCategories: MeiaCategory[];
}

/** The quota the policy gives for an event, from its lots and seats as they are now. */
const quotaSql = (eventId: number) => sql`ceil((
    coalesce((SELECT sum(t.quantity) FROM ticket_types t
              WHERE t.event_id = ${eventId} AND NOT t.numbered AND t.status <> 'hidden'), 0)
    + (SELECT count(*) FROM seats s WHERE s.event_id = ${eventId} AND s.state <> 'blocked')
  ) * q.percent_bps / 10000.0)::int + q.extra`;

/**
 * Creates or recomputes an event's quota (after its lots or seats change, or its policy).
 * Answers false, changing nothing, when the new quota would be below the meias already
 * taken (a producer cannot take back meias already sold).
 */
export async function refreshMeiaQuota(
  tx: Queryable,
  eventId: number,
  policy?: Partial<MeiaPolicy>,
): Promise<boolean> {
  await tx.execute(
    sql`INSERT INTO meia_quotas (event_id) VALUES (${eventId}) ON CONFLICT (event_id) DO NOTHING`,
  );
  const updated = await selectRows<{ event_id: number }>(
    tx,
    sql`WITH q AS (
          SELECT event_id,
            coalesce(${policy?.percentBps ?? null}::int, percent_bps) AS percent_bps,
            coalesce(${policy?.extra ?? null}::int, extra) AS extra
          FROM meia_quotas WHERE event_id = ${eventId} FOR UPDATE
        ), next AS (SELECT q.event_id, q.percent_bps, q.extra, ${quotaSql(eventId)} AS quantity FROM q)
        UPDATE meia_quotas m SET percent_bps = next.percent_bps, extra = next.extra, quantity = next.quantity,
          state_categories = coalesce(${policy?.stateCategories ? JSON.stringify(policy.stateCategories) : null}::jsonb,
                                      m.state_categories)
        FROM next WHERE m.event_id = next.event_id AND next.quantity >= m.taken
        RETURNING m.event_id`,
  );
  return updated.length > 0;
}

/**
 * Takes `units` meias of the event's quota in one conditional statement: the row lock
 * serialises the event's meia buyers, and whoever finds fewer left than asked matches
 * nothing. Answers whether they were taken.
 */
export async function takeMeias(tx: Queryable, eventId: number, units: number): Promise<boolean> {
  const rows = await selectRows<{ event_id: number }>(
    tx,
    sql`UPDATE meia_quotas SET taken = taken + ${units}::int
        WHERE event_id = ${eventId} AND quantity - taken >= ${units}::int RETURNING event_id`,
  );
  return rows.length > 0;
}

/** One meia goes back to the event's quota (its ticket was refunded or paid up to full). */
export async function returnMeia(tx: Queryable, eventId: number): Promise<void> {
  await tx.execute(sql`UPDATE meia_quotas SET taken = taken - 1 WHERE event_id = ${eventId} AND taken > 0`);
}

/** Gives back the meias the orders reserved; quota rows locked in event order. */
export async function releaseMeiaReservations(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    WITH freed AS (
      SELECT o.event_id AS id, count(*)::int AS q FROM order_items i JOIN orders o ON o.id = i.order_id
      WHERE i.order_id = ANY(${pgIntArray(orderIds)}::int[]) AND i.meia_category IS NOT NULL
      GROUP BY o.event_id
    ), locked AS (
      SELECT m.event_id FROM meia_quotas m WHERE m.event_id IN (SELECT id FROM freed) ORDER BY m.event_id FOR UPDATE
    )
    UPDATE meia_quotas m SET taken = m.taken - freed.q
    FROM freed WHERE m.event_id = freed.id AND m.event_id IN (SELECT event_id FROM locked)`);
}
