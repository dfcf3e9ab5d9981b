import type { MeiaCategory, MeiaEntradaInfo } from '@plateia/core/contracts/catalogue';
import { MEIA_MIN_PERCENT_BPS, meiaCategoriesOf, meiaCounterLabel } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/**
 * The meia-entrada quota of an event (migration 0101, docs/meia-entrada.md): a shared stock
 * like a lot. `quantity` = ceil(offered × percent) + extra, where "offered" is the event's
 * general-admission units plus its seats on sale; `taken` moves only by conditional UPDATEs.
 */

/** An event's meia policy as the producer sets it. */
export interface MeiaPolicy {
  /** Share of the tickets offered at half price, in basis points (at least 4000 = 40%). */
  percentBps: number;
  /** Meias the producer offers beyond the share. */
  extra: number;
  stateCategories: MeiaCategory[];
}

/** What the quota row holds. */
interface QuotaRow {
  quantity: number;
  taken: number;
  percent_bps: number;
  extra: number;
  state_categories: MeiaCategory[] | string;
}

const categoriesOf = (value: MeiaCategory[] | string): MeiaCategory[] =>
  typeof value === 'string' ? (JSON.parse(value) as MeiaCategory[]) : value;

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

/** The meias of an event's reservations past their expiry, not yet reclaimed: free for readers. */
const expiredMeias = (eventId: number) => sql`coalesce((
  SELECT count(*)::int FROM order_items i JOIN orders o ON o.id = i.order_id
  WHERE o.event_id = ${eventId} AND o.status = 'reserved' AND o.expires_at <= now()
    AND i.meia_category IS NOT NULL), 0)`;

/** The quota, its live counter and categories, or null for an event without a quota row. */
export async function meiaEntradaInfo(db: Queryable, eventId: number): Promise<MeiaEntradaInfo | null> {
  const row = await selectOne<QuotaRow & { expired: number }>(
    db,
    sql`SELECT quantity, taken, percent_bps, extra, state_categories, ${expiredMeias(eventId)} AS expired
        FROM meia_quotas WHERE event_id = ${eventId}`,
  );
  if (!row) return null;
  const available = Math.max(0, row.quantity - row.taken + Number(row.expired));
  return {
    eventId,
    total: row.quantity,
    available,
    label: meiaCounterLabel(available, row.quantity),
    categories: meiaCategoriesOf(categoriesOf(row.state_categories)),
  };
}

/** The category ids an event accepts. */
export async function meiaCategoryIds(db: Queryable, eventId: number): Promise<Set<string>> {
  const row = await selectOne<Pick<QuotaRow, 'state_categories'>>(
    db,
    sql`SELECT state_categories FROM meia_quotas WHERE event_id = ${eventId}`,
  );
  return new Set(
    meiaCategoriesOf(row ? categoriesOf(row.state_categories) : []).map((category) => category.id),
  );
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

/** Meias left in the quota (as the reservation's transaction sees it). */
export async function meiasLeft(tx: Queryable, eventId: number): Promise<number> {
  const row = await selectOne<{ left: number }>(
    tx,
    sql`SELECT GREATEST(0, quantity - taken)::int AS left FROM meia_quotas WHERE event_id = ${eventId}`,
  );
  return Number(row?.left ?? 0);
}

/**
 * Takes again the meias of an order whose reservation expired and was reclaimed, when its
 * payment lands late: the quota units and the beneficiaries' documents, by the same
 * conditional statements as a reservation. Answers false when the quota or a document is
 * gone meanwhile (the settlement then treats the order like stock that is gone).
 */
export async function retakeMeias(tx: Queryable, orderId: number, eventId: number): Promise<boolean> {
  const rows = await selectRows<{ meia_document: string }>(
    tx,
    sql`SELECT meia_document FROM order_items WHERE order_id = ${orderId} AND meia_category IS NOT NULL ORDER BY id`,
  );
  if (rows.length === 0) return true;
  if (!(await takeMeias(tx, eventId, rows.length))) return false;
  const documents = rows.map((row) => row.meia_document);
  const claimed = await selectRows<{ document: string }>(
    tx,
    sql`INSERT INTO meia_claims (event_id, document, order_id)
        SELECT ${eventId}::int, d.value, ${orderId}::int FROM json_array_elements_text(${JSON.stringify(documents)}::json) AS d
        ON CONFLICT (event_id, document) DO UPDATE SET order_id = EXCLUDED.order_id
        WHERE meia_claims.order_id = EXCLUDED.order_id OR EXISTS (
          SELECT 1 FROM orders o WHERE o.id = meia_claims.order_id
            AND (o.status IN ('expired', 'cancelled') OR (o.status = 'reserved' AND o.expires_at <= now())))
        RETURNING document`,
  );
  return claimed.length === documents.length;
}

export { MEIA_MIN_PERCENT_BPS };
