import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import {
  type IRateLimiterOptions,
  RateLimiterRes,
  type RateLimiterStoreAbstract as StoreAbstract,
} from 'rate-limiter-flexible';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

// The package's index exports the stores but not their base class, which its typings and
// documentation name as the way to write a store; take it from its own module.
const RateLimiterStoreAbstract: typeof StoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
);

/** A counter row as stored: points and expiry in epoch milliseconds (null = never). */
interface CounterRow {
  points: number | string;
  expire: number | string | null;
}

// Rows past their expiry count as absent already; deleting them is housekeeping, so one
// sweep per process every few minutes is plenty.
const SWEEP_EVERY_MS = 5 * 60_000;
let lastSweep = 0;

/**
 * rate-limiter-flexible's store, kept in the `rate_limit_counters` table through db/sql.ts.
 * It runs on PostgreSQL (where every API process shares the counters) and on PGlite alike.
 *
 * rate-limiter-flexible ships a PostgreSQL store, but it needs a node-postgres pool or
 * client (`query({ text, values, name })`) and creates its table at run time; PGlite speaks
 * `query(text, params)` and the schema here lives only in migrations. So this subclass fills
 * the library's documented extension point (`RateLimiterStoreAbstract`: `_upsert`, `_get`,
 * `_delete`, `_getRateLimiterRes`) with the same statements, and everything above it
 * (consume, penalty, block, insurance) is the library's.
 */
export class RateLimiterSql extends RateLimiterStoreAbstract {
  readonly #db: Queryable;

  constructor(db: Queryable, options: IRateLimiterOptions) {
    super({ ...options, storeClient: db });
    this.#db = db;
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: CounterRow): RateLimiterRes {
    const points = Number(row.points);
    const expire = row.expire === null ? null : Number(row.expire);
    const first = changedPoints === points;
    const consumed = first ? changedPoints : points;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      expire === null ? -1 : Math.max(expire - Date.now(), 0),
      consumed,
      first,
    );
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<CounterRow> {
    const now = Date.now();
    this.#sweep(now);
    const expire = msDuration > 0 ? now + msDuration : null;
    const row = await selectOne<CounterRow>(
      this.#db,
      forceExpire
        ? sql`INSERT INTO rate_limit_counters (key, points, expire) VALUES (${key}, ${points}::int, ${expire}::bigint)
              ON CONFLICT (key) DO UPDATE SET points = EXCLUDED.points, expire = EXCLUDED.expire
              RETURNING points, expire`
        : sql`INSERT INTO rate_limit_counters (key, points, expire) VALUES (${key}, ${points}::int, ${expire}::bigint)
              ON CONFLICT (key) DO UPDATE SET
                points = CASE WHEN rate_limit_counters.expire <= ${now}::bigint THEN EXCLUDED.points
                              ELSE rate_limit_counters.points + EXCLUDED.points END,
                expire = CASE WHEN rate_limit_counters.expire <= ${now}::bigint THEN EXCLUDED.expire
                              ELSE rate_limit_counters.expire END
              RETURNING points, expire`,
    );
    if (!row) throw new Error('rate-limit upsert returned no row');
    return row;
  }

  async _get(key: string): Promise<CounterRow | null> {
    return selectOne<CounterRow>(
      this.#db,
      sql`SELECT points, expire FROM rate_limit_counters
          WHERE key = ${key} AND (expire IS NULL OR expire > ${Date.now()}::bigint)`,
    );
  }

  async _delete(key: string): Promise<boolean> {
    return (await execute(this.#db, sql`DELETE FROM rate_limit_counters WHERE key = ${key}`)) > 0;
  }

  #sweep(now: number): void {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // An hour of slack: a counter just past expiry may still be read by a slow request.
    execute(this.#db, sql`DELETE FROM rate_limit_counters WHERE expire < ${now - 3_600_000}::bigint`).catch(
      () => {},
    );
  }
}
