import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { organisationEvent, paidOrder } from '../api-tokens/sales.ts';
import { call, createTeam } from '../api-tokens/team.ts';
import { cloneDatabase } from '../race/cluster.ts';
import { databaseKind, type TestApp, testConfig } from '../support/app.ts';
import { startWebhookReceiver, type WebhookReceiver } from './receiver.ts';

// Two API hosts working jobs on one PostgreSQL (each with its own pool, listener and pg-boss
// workers), as two processes would: every event reaches the receiver exactly once.
describe.skipIf(databaseKind !== 'postgres')(
  'webhooks across two API processes',
  { timeout: 120_000 },
  () => {
    let scratch: { url: string; drop(): Promise<void> };
    const hosts: TestApp[] = [];
    let receiver: WebhookReceiver;

    async function host(): Promise<TestApp> {
      const database: DatabaseHandle = await openDatabase({ url: scratch.url, poolSize: 4 });
      const config = testConfig({
        webhooksAllowPrivateAddresses: true,
        jobs: { workers: true, pollSeconds: 0.5, retryDelaySeconds: 1, tickSeconds: 1, expireSeconds: 30 },
      });
      const app = await buildApp({ config, database });
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

    beforeAll(async () => {
      scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_webhooks');
      hosts.push(await host(), await host());
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      for (const each of hosts) await each.close();
      await receiver.close();
      await scratch.drop();
    });

    it('delivers each event once, whichever process made it', async () => {
      const [a, b] = hosts as [TestApp, TestApp];
      const team = await createTeam(a, 'cluster');
      const event = await organisationEvent(a, team.organisationId, 'festival-cluster');
      const created = await call(
        a.app,
        'POST',
        `/organisations/${team.organisationId}/webhooks`,
        team.owner,
        {
          url: receiver.url,
          eventTypes: ['order.paid'],
        },
      );
      expect(created.statusCode, created.body).toBe(200);
      const { secret } = created.json();
      // A failing first answer: the retry is pg-boss's, on either process.
      receiver.answers.push(503);
      const orders: number[] = [];
      for (let n = 0; n < 6; n++) {
        orders.push(await paidOrder(n % 2 === 0 ? a : b, team.customer, event.id, event.lotIds[2]!, 1));
      }
      const succeeded = async () =>
        (
          await selectRows<{ n: number }>(
            a.database.db,
            sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'succeeded'`,
          )
        )[0]?.n;
      await expect.poll(succeeded, { timeout: 60_000, interval: 250 }).toBe(6);
      const verifier = new Webhook(secret);
      const paid = receiver.received
        .filter((got) => got.headers['webhook-id'])
        .map((got) => ({
          id: got.headers['webhook-id'],
          order: (
            verifier.verify(got.body, got.headers as Record<string, string>) as {
              data: { order: { id: number } };
            }
          ).data.order.id,
        }));
      // Seven requests: six messages, one of them twice (the 503, then its retry).
      expect(paid).toHaveLength(7);
      expect(new Set(paid.map((got) => got.id)).size).toBe(6);
      expect(new Set(paid.map((got) => got.order))).toEqual(new Set(orders));
      const attempts = await selectRows<{ n: number }>(
        a.database.db,
        sql`SELECT count(*)::int AS n FROM webhook_attempts`,
      );
      expect(attempts[0]?.n).toBe(7);
    });
  },
);
