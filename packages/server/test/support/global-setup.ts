import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type PGlite } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { installJobs } from '../../src/jobs/runner.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data-dir dump of a freshly migrated database. */
    pgliteSnapshot: string;
    /** The migrated PostgreSQL template database's URL, when TEST_DATABASE_URL is set. */
    pgTemplateUrl: string;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Migrates once per run and hands each test file a snapshot: a PGlite dump for the
 * embedded suite, a template database for the PostgreSQL suite. A fresh initdb per file
 * would cost seconds; loading a dump costs a fraction of one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'plateia-db-'));
  const handle = await openDatabase();
  await migrate(handle);
  // pg-boss's schema and queues go into the snapshot: every test app starts pg-boss.
  await installJobs(handle);
  // The handle wraps a PGlite; dump it through the driver's own call.
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const snapshot = join(dir, 'migrated.tar');
  writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteSnapshot', snapshot);

  let cleanupPg = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `plateia_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(serverUrl, template);
    const templateHandle = await openDatabase({ url: templateUrl, poolSize: 2 });
    await migrate(templateHandle);
    await installJobs(templateHandle);
    await templateHandle.close();
    project.provide('pgTemplateUrl', templateUrl);
    cleanupPg = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    project.provide('pgTemplateUrl', '');
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await cleanupPg();
  };
}
