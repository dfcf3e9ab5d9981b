/**
 * Migration 0190 on data that predates it (docs/accounts.md, "One CPF, one account"): a CPF
 * typed differently on three accounts stays on the one that confirmed its e-mail first,
 * frozen, and the others get open claims; the unique index is then in place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows, sqlState } from '../../src/db/sql.ts';
import { freshDatabase } from '../support/app.ts';

const MIGRATION = readFileSync(
  join(import.meta.dirname, '..', '..', 'src', 'db', 'migrations', '0190_cpf_per_account.sql'),
  'utf8',
);

describe('migration 0190: accounts that already shared a CPF', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('keeps the CPF on the first confirmed account, opens claims for the others, then refuses a new twin', async () => {
    const db = database.db;
    // The state before the migration: no claims table, no index.
    await db.execute(sql`DROP TABLE cpf_claims`);
    await db.execute(sql`DROP INDEX customers_cpf_key`);
    const add = async (email: string, cpfnpj: string, verifiedDaysAgo: number | null) => {
      const verified = verifiedDaysAgo === null ? null : new Date(Date.now() - verifiedDaysAgo * 86_400_000);
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`INSERT INTO customers (email, salt, cpfnpj, email_verified_at)
            VALUES (${email}, 'sal', ${cpfnpj}, ${verified?.toISOString() ?? null}::timestamptz) RETURNING id`,
      );
      return row!.id;
    };
    const early = await add('cedo@example.com', '52998224725', null);
    const confirmedFirst = await add('confirmou@example.com', '529.982.247-25', 30);
    const later = await add('depois@example.com', '529 982 247 25', 2);
    const alone = await add('sozinha@example.com', '111.444.777-35', 1);
    await database.runScript('0190_cpf_per_account', MIGRATION);

    const customers = await selectRows<{ id: number; cpfnpj: string }>(
      db,
      sql`SELECT id, cpfnpj FROM customers WHERE id IN (${early}, ${confirmedFirst}, ${later}, ${alone}) ORDER BY id`,
    );
    expect(customers).toEqual([
      { id: early, cpfnpj: '' },
      { id: confirmedFirst, cpfnpj: '52998224725' },
      { id: later, cpfnpj: '' },
      { id: alone, cpfnpj: '11144477735' },
    ]);
    const claims = await selectRows<{ claimant_id: number; holder_id: number; status: string }>(
      db,
      sql`SELECT claimant_id, holder_id, status FROM cpf_claims ORDER BY claimant_id`,
    );
    expect(claims).toEqual([
      { claimant_id: early, holder_id: confirmedFirst, status: 'open' },
      { claimant_id: later, holder_id: confirmedFirst, status: 'open' },
    ]);
    const twin = await db.execute(sql`UPDATE customers SET cpfnpj = '52998224725' WHERE id = ${alone}`).then(
      () => null,
      (error: unknown) => sqlState(error),
    );
    expect(twin).toBe('23505');
  });
});
