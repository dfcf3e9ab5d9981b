import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { freshDatabase } from '../support/app.ts';
import { definedNames, referencedRelations, sqlTexts } from './sql-text.ts';

const SOURCE_ROOT = join(import.meta.dirname, '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('reading SQL out of TypeScript', () => {
  it('finds sql templates, nested fragments and SQL strings, never prose', () => {
    const source = [
      "const message = 'Selecione o lugar: a partir de 10 FROM nada INTO nenhum';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text to scan
      'const rows = sql`SELECT id FROM customers WHERE ${sql`id IN (SELECT customer_id FROM sessions)`}`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeScript source text to scan
      'client.query(`INSERT INTO schema_migrations (name) VALUES (${quote(name)})`);',
      '// sql`SELECT 1 FROM commented_out`',
    ].join('\n');
    const texts = sqlTexts(source);
    expect(texts.flatMap(referencedRelations).sort()).toEqual(['customers', 'schema_migrations', 'sessions']);
  });

  it('skips CTEs, subqueries, table functions, extract, DISTINCT FROM and locking clauses', () => {
    const text = `WITH picked AS (SELECT id FROM seats FOR UPDATE SKIP LOCKED)
      SELECT extract(epoch FROM now()), s.*
      FROM picked p JOIN (SELECT 1 AS one) sub ON true, generate_series(1, 3) AS g, orders o
      WHERE p.id IS DISTINCT FROM $hole
      ON CONFLICT (id) DO UPDATE SET x = 1`;
    const names = referencedRelations(text).filter((name) => !definedNames(text).has(name));
    expect(names.sort()).toEqual(['orders', 'seats']);
  });
});

describe('the SQL in src/ names only relations the migrations create', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('finds every FROM / JOIN / INTO / UPDATE / REFERENCES target in information_schema.tables', async () => {
    const known = new Set(
      (
        await selectRows<{ table_schema: string; table_name: string }>(
          database.db,
          sql`SELECT table_schema, table_name FROM information_schema.tables`,
        )
      ).flatMap((row) =>
        // Unqualified names resolve through the search path: public, then pg_catalog.
        ['public', 'pg_catalog'].includes(row.table_schema)
          ? [row.table_name, `${row.table_schema}.${row.table_name}`]
          : [`${row.table_schema}.${row.table_name}`],
      ),
    );
    const references: string[] = [];
    const unknown: string[] = [];
    for (const file of sourceFiles(SOURCE_ROOT)) {
      const texts = sqlTexts(readFileSync(file, 'utf8'));
      // CTEs may be defined in one fragment and read in another of the same file.
      const local = new Set(texts.flatMap((text) => [...definedNames(text)]));
      for (const relation of texts.flatMap(referencedRelations)) {
        if (local.has(relation)) continue;
        references.push(relation);
        if (!known.has(relation)) unknown.push(`${relative(SOURCE_ROOT, file)}: ${relation}`);
      }
    }
    expect(unknown).toEqual([]);
    // Guards against a scanner that silently finds nothing.
    expect(references.length).toBeGreaterThan(50);
    for (const table of ['customers', 'sessions', 'email_tokens', 'events', 'orders', 'seats', 'payments']) {
      expect(references, table).toContain(table);
    }
  });
});
