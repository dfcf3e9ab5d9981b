import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';
import { selectOne } from './sql.ts';

const migrationsDir = join(import.meta.dirname, 'migrations');

/** The migration files, in the order they apply (their names start with a number). */
export function listMigrations(): { name: string; script: string }[] {
  return readdirSync(migrationsDir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.sql$/, ''),
      script: readFileSync(join(migrationsDir, file), 'utf8'),
    }));
}

async function isApplied(handle: DatabaseHandle, name: string): Promise<boolean> {
  return (await selectOne(handle.db, sql`SELECT 1 FROM schema_migrations WHERE name = ${name}`)) !== null;
}

function quote(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * Applies every migration not applied yet. Each runs in its own transaction together with
 * its bookkeeping row, under an advisory lock, so several API processes starting at once
 * on one PostgreSQL apply each migration exactly once.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  await handle.runScript(
    'bookkeeping',
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    if (await isApplied(handle, migration.name)) continue;
    // The insert fails on a duplicate key if another process won the race, rolling back the script.
    try {
      await handle.runScript(
        migration.name,
        `${migration.script}\n;INSERT INTO schema_migrations (name) VALUES (${quote(migration.name)});`,
      );
      applied.push(migration.name);
    } catch (error) {
      if (!(await isApplied(handle, migration.name))) throw error;
    }
  }
  return applied;
}
