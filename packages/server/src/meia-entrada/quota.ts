import type { MeiaCategory, MeiaEntradaInfo } from '@plateia/core/contracts/catalogue';
import { MEIA_MIN_PERCENT_BPS, meiaCategoriesOf, meiaCounterLabel } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { takeMeias } from '../stock/meia-quota.ts';

/**
 * The meia-entrada quota of an event (migration 0101, docs/meia-entrada.md): a shared stock
 * like a lot. `quantity` = ceil(offered × percent) + extra, where "offered" is the event's
 * general-admission units plus its seats on sale; `taken` moves only by conditional UPDATEs.
 */

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
