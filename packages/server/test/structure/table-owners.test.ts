/**
 * One writer per table (docs/architecture.md, "Who writes what"). Money, seats, stock and
 * tickets leaked where domains met because a table had many writers and every test looked
 * at one domain. This test reads every source file of the API host, finds each SQL
 * statement that writes a table (INSERT, UPDATE, DELETE) and fails when a module outside
 * the table's owner writes it.
 * Another domain that needs such a write calls the owner's function.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** The owner of each table: the only folder (under src/) whose code may write it. */
const OWNERS: Record<string, string> = {
  ledger_accounts: 'ledger',
  ledger_transactions: 'ledger',
  ledger_entries: 'ledger',
  seats: 'seat-hold',
  ticket_types: 'stock',
  products: 'stock',
  meia_quotas: 'stock',
  tickets: 'tickets',
  resale_listings: 'resale',
  refunds: 'refunds',
  ticket_transfers: 'ticket-transfers',
  organisations: 'organisations',
  organisation_members: 'organisations',
  organisation_invitations: 'organisations',
  api_tokens: 'api-tokens',
  webhook_endpoints: 'webhooks',
  webhook_messages: 'webhooks',
  webhook_deliveries: 'webhooks',
  webhook_attempts: 'webhooks',
};

/** Folders that create a table's rows without moving them afterwards: the catalogue creates an event's lots, products and seats. */
const CREATORS: Record<string, string[]> = {
  seats: ['catalogue'],
  ticket_types: ['catalogue'],
  products: ['catalogue'],
};

/** The demo seed writes its fixture (a sold-out lot, listed tickets) directly, as a migration would. */
const FIXTURES = new Set(['seed']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Code without comments, so prose that names a statement is not taken for one. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Every `file: table` write whose file is not the table's owner (nor, for INSERT, a creator, nor the seed). */
function writesOutsideOwners(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    const path = relative(SRC, file).split('\\').join('/');
    const folder = path.split('/')[0] ?? '';
    const code = withoutComments(readFileSync(file, 'utf8'));
    for (const match of code.matchAll(/\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_]+)\b/g)) {
      const verb = match[1]!.split(/\s+/)[0]!;
      const table = match[2]!;
      const owner = OWNERS[table];
      if (owner === undefined || folder === owner || FIXTURES.has(folder)) continue;
      if (verb === 'INSERT' && CREATORS[table]?.includes(folder)) continue;
      found.add(`${path}: ${table}`);
    }
  }
  return [...found].sort();
}

describe('one writer per table', () => {
  it('writes each owned table only from its owner', () => {
    expect(writesOutsideOwners(), 'writes outside the table owner: call the owner instead').toEqual([]);
  });

  it('finds a write in code and ignores one in a comment', () => {
    expect(withoutComments("sql`UPDATE seats SET state = 'sold'` // UPDATE tickets")).toContain(
      'UPDATE seats',
    );
    expect(withoutComments('/* UPDATE tickets SET x */ f();')).not.toContain('UPDATE tickets');
  });
});
