import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/**
 * The drizzle database, whichever driver is underneath. It carries no table schema: queries
 * are SQL run through db/sql.ts, and the migrations are the only schema.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

/** An open database: drizzle to run SQL plus the driver-level calls drizzle does not cover. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL URL (postgres only): the job queue opens its own small pool on it. */
  url?: string;
  /** The embedded PGlite (pglite only): the job queue runs its statements on it. */
  pglite?: PGlite;
  /** Runs a script of several statements in one transaction, serialised across processes. */
  runScript(name: string, script: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…`; when absent an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests start from a migrated snapshot). */
  loadDataDir?: Blob | File | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

// A fixed key for pg_advisory_xact_lock, so concurrent starts migrate one at a time.
const MIGRATION_LOCK_KEY = 8_171_823;

/** Opens PostgreSQL (when a URL is given) or PGlite. */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      async runScript(_name, script) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
          await client.query(script);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async runScript(_name, script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    close: () => client.close(),
  };
}

/** The PGlite instance behind a handle, for snapshotting in tests. */
export { PGlite };
