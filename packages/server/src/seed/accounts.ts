import { inArray } from 'drizzle-orm';
import { hashDigest, newSalt, passwordDigest } from '../accounts/passwords.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema/accounts.ts';

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

/** The demo accounts of decisions §7: a customer, a producer and three more customers. */
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
export async function seedAccounts(db: Database): Promise<Record<string, number>> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = await db
    .select({ email: customers.email })
    .from(customers)
    .where(inArray(customers.email, emails));
  const have = new Set(existing.map((row) => row.email));
  for (const account of DEMO_ACCOUNTS) {
    if (have.has(account.email)) continue;
    const salt = newSalt();
    await db
      .insert(customers)
      .values({
        ...account,
        salt,
        passwordHash: await hashDigest(passwordDigest(salt, DEMO_PASSWORD)),
        emailVerifiedAt: new Date(),
      })
      // Another process seeding at the same time wins; the outcome is the same.
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(inArray(customers.email, emails));
  return Object.fromEntries(rows.map((row) => [row.email, row.id]));
}
