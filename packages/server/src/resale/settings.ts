import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** The `app_settings` key holding the platform's resale fee, in basis points. */
export const RESALE_FEE_SETTING = 'resale_fee_bps';

/** The resale fee when the setting is absent: 10% of the price. */
export const DEFAULT_RESALE_FEE_BPS = 1000;

/**
 * The platform's resale fee in basis points (0 to 10 000), from `app_settings` so an
 * operator changes it without a deploy (docs/resale.md, "Fee"); a missing or unreadable
 * value falls back to {@link DEFAULT_RESALE_FEE_BPS}.
 */
export async function resaleFeeBps(db: Queryable): Promise<number> {
  const row = await selectOne<{ value: string }>(
    db,
    sql`SELECT value FROM app_settings WHERE key = ${RESALE_FEE_SETTING}`,
  );
  const parsed = Number(row?.value);
  if (!row || !Number.isInteger(parsed) || parsed < 0 || parsed > 10_000) return DEFAULT_RESALE_FEE_BPS;
  return parsed;
}
