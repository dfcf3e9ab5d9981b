import { sql } from 'drizzle-orm';
import { hashDigest, newSalt, passwordDigest } from '../accounts/passwords.ts';
import { execute, type Queryable, selectRows } from '../db/sql.ts';

/** The demo password of every demo account (printed by `npm start`). */
export const DEMO_PASSWORD = 'plateia123';

/** A demo account. */
export interface DemoAccount {
  email: string;
  namef: string;
  namel: string;
  isadmin: '0' | '1';
  cidade: string;
  uf: string;
}

/** The demo accounts (README, "Demo logins"): a customer, a producer and three more customers. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'cliente@plateia.dev',
    namef: 'Carla',
    namel: 'Mendes',
    isadmin: '0',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  {
    email: 'produtor@plateia.dev',
    namef: 'Paulo',
    namel: 'Andrade',
    isadmin: '1',
    cidade: 'Rio de Janeiro',
    uf: 'RJ',
  },
  {
    email: 'joao.pereira@plateia.dev',
    namef: 'João',
    namel: 'Pereira',
    isadmin: '0',
    cidade: 'Belo Horizonte',
    uf: 'MG',
  },
  {
    email: 'mariana.costa@plateia.dev',
    namef: 'Mariana',
    namel: 'Costa',
    isadmin: '0',
    cidade: 'Recife',
    uf: 'PE',
  },
  {
    email: 'rafael.oliveira@plateia.dev',
    namef: 'Rafael',
    namel: 'Oliveira',
    isadmin: '0',
    cidade: 'Porto Alegre',
    uf: 'RS',
  },
];

/**
 * Creates the demo accounts that are missing (verified, password `plateia123`) and answers
 * every demo account's id by e-mail. Running it again changes nothing.
 */
export async function seedAccounts(db: Queryable): Promise<Record<string, number>> {
  const emails = sql.join(
    DEMO_ACCOUNTS.map((account) => sql`${account.email}`),
    sql`, `,
  );
  const existing = await selectRows<{ email: string }>(
    db,
    sql`SELECT email FROM customers WHERE email IN (${emails})`,
  );
  const have = new Set(existing.map((row) => row.email));
  for (const account of DEMO_ACCOUNTS) {
    if (have.has(account.email)) continue;
    const salt = newSalt();
    const passwordHash = await hashDigest(passwordDigest(salt, DEMO_PASSWORD));
    // Another process seeding at the same time wins; the outcome is the same.
    await execute(
      db,
      sql`INSERT INTO customers (email, namef, namel, isadmin, cidade, uf, salt, password_hash, email_verified_at)
          VALUES (${account.email}, ${account.namef}, ${account.namel}, ${account.isadmin}, ${account.cidade},
                  ${account.uf}, ${salt}, ${passwordHash}, ${new Date().toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING`,
    );
  }
  const rows = await selectRows<{ id: number; email: string }>(
    db,
    sql`SELECT id, email FROM customers WHERE email IN (${emails})`,
  );
  return Object.fromEntries(rows.map((row) => [row.email, row.id]));
}
