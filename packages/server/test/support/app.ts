import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDependencies, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

/** Which database the suite runs on: the `server` project uses PGlite, `server-pg` PostgreSQL. */
export const databaseKind: 'pglite' | 'postgres' =
  process.env.PLATEIA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database copied from the migrated snapshot, dropped by the returned `close`. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (databaseKind === 'pglite') {
    const dump = readFileSync(inject('pgliteSnapshot'));
    return openDatabase({ loadDataDir: new Blob([dump]) });
  }
  const templateUrl = new URL(inject('pgTemplateUrl'));
  const template = templateUrl.pathname.slice(1);
  const name = `plateia_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({
    connectionString: templateUrl.toString().replace(`/${template}`, '/postgres'),
  });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  templateUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: templateUrl.toString(), poolSize: 10 });
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({
      connectionString: templateUrl.toString().replace(`/${name}`, '/postgres'),
    });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return handle;
}

/** Configuration for tests: no demo data, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Authentication routes are rate limited per IP and every test request comes from one
  // address, so the limit is lifted unless a test sets its own.
  return loadConfig(
    { NODE_ENV: 'test' },
    { seedDemo: false, authRateLimit: { max: 100_000, timeWindow: 60_000 }, ...overrides },
  );
}

/** An API host on a fresh database; `close` stops both. */
export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Extra wiring for a test app: stand-ins, a driven clock, routes added before `ready`. */
export interface TestAppOptions extends Partial<Omit<AppDependencies, 'config' | 'database'>> {
  /** Registers extra routes or hooks before the app is readied. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** Builds the API host on a fresh database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const { extend, ...deps } = options;
  const app = await buildApp({ config: testConfig(overrides), database, ...deps });
  await extend?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
