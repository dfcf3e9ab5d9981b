import type { DatabaseHandle } from '../db/client.ts';
import { seedAccounts } from './accounts.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedSocial } from './social.ts';

/** What the demo seed created, for the parts seeded after accounts (catalogue, orders). */
export interface DemoSeed {
  /** Demo account ids by e-mail. */
  accounts: Record<string, number>;
}

/**
 * Demo data for development (README, "Demo logins"), created on first start and left alone after:
 * every step is idempotent, so restarts and several processes starting at once are safe.
 */
export async function seedDemo(database: DatabaseHandle): Promise<DemoSeed> {
  const accounts = await seedAccounts(database.db);
  await seedCatalogue(database.db);
  await seedSocial(database.db, accounts, new Date());
  return { accounts };
}
