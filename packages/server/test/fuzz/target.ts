// The API host the fuzzer sends its requests to: the demo data (events with seat maps,
// lots, tickets, friends, chats) so requests reach real rows, the sandbox PSP and card
// gateway on ephemeral ports so payment routes reach a provider, and sessions for a
// customer and a producer. Used by the test (PGlite snapshot) and by the benchmark.
import { randomBytes } from 'node:crypto';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openSession } from '../../src/accounts/sessions.ts';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { HttpCardGateway } from '../../src/payments/card/gateway.ts';
import { HttpPixProvider } from '../../src/payments/pix/http-provider.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { startSandboxCardGateway } from '../../src/stand-ins/card-gateway/index.ts';
import { startSandboxPsp } from '../../src/stand-ins/pix-psp/index.ts';
import { bearer } from '../support/accounts.ts';
import type { Identity } from './requests.ts';
import type { FuzzContext } from './values.ts';

/** The host under test and who can call it. */
export interface FuzzTarget {
  app: FastifyInstance;
  ctx: FuzzContext;
  /** The customer ids behind the identities that carry a session. */
  accounts: Partial<Record<Identity, number>>;
  /** The headers a request carries for an identity (a session token, a forged one, none). */
  headers(identity: Identity): Record<string, string>;
  /** Opens a new session for an identity whose token a request revoked (sign-out). */
  renew(identity: Identity): Promise<void>;
  close(): Promise<void>;
}

const CUSTOMER_EMAIL = 'cliente@plateia.dev';
const PRODUCER_EMAIL = 'produtor@plateia.dev';

/** Ids of existing rows in every table keyed by an integer `id`: the lowest, the highest. */
async function knownIds(database: DatabaseHandle): Promise<number[]> {
  const tables = await selectRows<{ table_name: string }>(
    database.db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'id' AND data_type IN ('integer', 'bigint')`,
  );
  const ids = new Set<number>([1, 2, 3]);
  for (const { table_name } of tables) {
    const [row] = await selectRows<{ low: number | null; high: number | null }>(
      database.db,
      sql`SELECT min(id)::float8 AS low, max(id)::float8 AS high FROM ${sql.identifier(table_name)}`,
    );
    for (const id of [row?.low, row?.high])
      if (typeof id === 'number' && Number.isSafeInteger(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Builds the host on `database` (migrated, empty) with `config`, seeds it and opens sessions. */
export async function startFuzzTarget(database: DatabaseHandle, config: Config): Promise<FuzzTarget> {
  const psp = await startSandboxPsp();
  const gateway = await startSandboxCardGateway();
  const settings = {
    ...config.paymentSettings,
    pixApiUrl: psp.url,
    cardApiUrl: gateway.url,
    cardPublicUrl: gateway.url,
    cardSecretKey: gateway.secretKey,
  };
  const app = await buildApp({
    config: { ...config, paymentSettings: settings },
    database,
    payments: {
      pix: new HttpPixProvider({ baseUrl: psp.url }),
      card: new HttpCardGateway({ baseUrl: gateway.url, secretKey: gateway.secretKey }),
      settings,
      simulateUrl: (txid) => psp.simulateUrl(txid),
    },
  });
  await app.ready();
  const { accounts } = await seedDemo(database);
  const accountIds: Partial<Record<Identity, number>> = {
    customer: accounts[CUSTOMER_EMAIL],
    producer: accounts[PRODUCER_EMAIL],
  };
  const tokens: Partial<Record<Identity, string>> = {
    bogus: randomBytes(32).toString('base64url'),
  };
  const renew = async (identity: Identity) => {
    const id = accountIds[identity];
    if (id !== undefined) tokens[identity] = await openSession(database.db, id, new Date());
  };
  await renew('customer');
  await renew('producer');

  const slugs = await selectRows<{ slug: string }>(database.db, sql`SELECT slug FROM events ORDER BY id`);
  // The chat rooms of the demo friendships, so chat requests reach a room the caller is in.
  const friends = await selectRows<{ a: number; b: number }>(
    database.db,
    sql`SELECT from_customer_id AS a, to_customer_id AS b FROM friendships`,
  );
  const ctx: FuzzContext = {
    ids: await knownIds(database),
    emails: Object.keys(accounts),
    strings: [
      ...slugs.map((row) => row.slug),
      ...friends.map(({ a, b }) => chatRoomId(a, b)),
      settings.pixWebhookSecret,
    ],
  };
  return {
    app,
    ctx,
    accounts: accountIds,
    headers(identity) {
      const token = tokens[identity];
      return token ? bearer(token) : {};
    },
    renew,
    async close() {
      await app.close();
      await psp.close();
      await gateway.close();
    },
  };
}
