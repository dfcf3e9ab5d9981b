import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** Either the database or an open transaction: both run the same queries. */
export type Queryable = Pick<Database, 'execute'>;

// The one way the API host reaches its tables: SQL written with drizzle's `sql` template
// (values become bind parameters) and run through the functions below, the same on
// node-postgres and PGlite. The migrations in db/migrations are the only schema
// (docs/architecture.md, "Data access").

/** The rows of a statement, the same way on node-postgres and PGlite. */
export async function selectRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a statement, or null when it returns none. */
export async function selectOne<T>(db: Queryable, query: SQL): Promise<T | null> {
  const [row] = await selectRows<T>(db, query);
  return row ?? null;
}

/** Runs a statement for its effect; answers how many rows it changed. */
export async function execute(db: Queryable, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** The PostgreSQL error code behind a (possibly drizzle-wrapped) driver error. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

// 40P01 deadlock_detected, 40001 serialization_failure: PostgreSQL rolled the work back and
// a retry sees the winner's committed rows.
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs `work` again (up to `attempts` times) when PostgreSQL aborts it for a deadlock or
 * serialization failure. Stock and seat statements lock rows in a fixed order, so these
 * are rare, but two reclaims touching the same lots may still cross.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || !state || !RETRYABLE.has(state)) throw error;
    }
  }
}
