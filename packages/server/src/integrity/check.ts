/**
 * The integrity job (docs/integrity.md): runs every invariant, logs an alarm when one fails,
 * and keeps the last result in `integrity_checks` for `/health`.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Queryable, selectOne } from '../db/sql.ts';
import { checkInvariants, type Violation } from './invariants.ts';

/** The queue name of the scheduled check. */
export const INTEGRITY_CHECK_JOB = 'integrity.check';

/** What the last check found. */
export interface IntegrityResult {
  checkedAt: Date;
  violations: Violation[];
  durationMs: number;
}

/** What `/health` shows of the last check. */
export interface IntegritySummary {
  status: 'ok' | 'failing' | 'unchecked';
  violations: number;
  checkedAt: string | null;
}

/** Runs the invariants once, stores the result and logs an error-level alarm on any violation. */
export async function runIntegrityCheck(
  db: Queryable,
  deps: { now: () => Date; log: FastifyBaseLogger },
): Promise<IntegrityResult> {
  const started = performance.now();
  const violations = await checkInvariants(db);
  const durationMs = Math.round(performance.now() - started);
  const checkedAt = deps.now();
  await db.execute(
    sql`INSERT INTO integrity_checks (id, checked_at, violations, details, duration_ms)
        VALUES (true, ${checkedAt.toISOString()}::timestamptz, ${violations.length}, ${JSON.stringify(violations)}::jsonb,
                ${durationMs})
        ON CONFLICT (id) DO UPDATE SET checked_at = EXCLUDED.checked_at, violations = EXCLUDED.violations,
          details = EXCLUDED.details, duration_ms = EXCLUDED.duration_ms`,
  );
  if (violations.length > 0) {
    deps.log.error(
      { alarm: 'integrity', violations: violations.length, details: violations },
      'integrity check failed: money, stock or tickets are inconsistent (docs/integrity.md)',
    );
  } else {
    deps.log.info({ durationMs }, 'integrity check passed');
  }
  return { checkedAt, violations, durationMs };
}

/** The last stored result, for `/health`. */
export async function lastIntegrityCheck(db: Queryable): Promise<IntegritySummary> {
  const row = await selectOne<{ checked_at: string | Date; violations: number }>(
    db,
    sql`SELECT checked_at, violations FROM integrity_checks WHERE id`,
  );
  if (!row) return { status: 'unchecked', violations: 0, checkedAt: null };
  const violations = Number(row.violations);
  return {
    status: violations === 0 ? 'ok' : 'failing',
    violations,
    checkedAt: new Date(row.checked_at).toISOString(),
  };
}
