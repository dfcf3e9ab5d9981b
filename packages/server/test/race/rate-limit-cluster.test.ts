import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';
import { createCustomer, type TestCustomer } from '../support/accounts.ts';
import { databaseKind } from '../support/app.ts';
import { redisReachable, testRedisUrl } from '../support/redis.ts';
import { type ApiProcess, cloneDatabase, startApiProcess } from './cluster.ts';

const UUID = '3f2c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6';
const PER_ADDRESS = 8;
const BACKOFF = 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.';
const hasRedis = await redisReachable();

const post = async (url: string) => (await fetch(url, { method: 'POST' })).status;
const postForMessage = async (url: string) => {
  const res = await fetch(url, { method: 'POST' });
  return { status: res.status, message: ((await res.json()) as { message?: string }).message };
};

// Several API processes on one PostgreSQL: only the PostgreSQL suite can run it.
for (const store of ['postgres', 'redis'] as const) {
  describe.skipIf(databaseKind !== 'postgres' || (store === 'redis' && !hasRedis))(
    `rate limits hold across two API processes (${store} counters)`,
    () => {
      let scratch: { url: string; drop(): Promise<void> };
      let database: DatabaseHandle;
      let servers: ApiProcess[] = [];
      let ana: TestCustomer;
      const run = randomBytes(4).toString('hex');

      beforeAll(async () => {
        scratch = await cloneDatabase(inject('pgTemplateUrl'), 'plateia_limits');
        database = await openDatabase({ url: scratch.url, poolSize: 2 });
        ana = await createCustomer(database.db, { email: `ana-${run}@example.com`, password: 'certa-123' });
        const env = {
          AUTH_RATE_LIMIT_MAX: String(PER_ADDRESS),
          // Each run's own keys: other runs and suites share the machine's Redis.
          ...(store === 'redis' ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `plateia-test-${run}` } : {}),
        };
        servers = await Promise.all([
          startApiProcess(scratch.url, 60_000, env),
          startApiProcess(scratch.url, 60_000, env),
        ]);
      }, 150_000);
      afterAll(async () => {
        await Promise.all(servers.map((server) => server.stop()));
        await database?.close();
        await scratch?.drop();
      });

      it('counts one address once, whichever process answers', async () => {
        const statuses: number[] = [];
        // Alternating processes: each alone would see only half the requests.
        for (let i = 0; i < PER_ADDRESS * 2; i++) {
          const server = servers[i % 2]!;
          statuses.push(
            await post(`${server.url}/getsalt/${encodeURIComponent(`x${i}-${run}@example.com`)}/${UUID}`),
          );
        }
        expect(statuses.filter((status) => status === 200)).toHaveLength(PER_ADDRESS);
        expect(statuses.slice(PER_ADDRESS).every((status) => status === 429)).toBe(true);
      });

      it('backs an account off on both processes after failures spread over both', async () => {
        const login = (server: ApiProcess, password: string) =>
          postForMessage(
            `${server.url}/login/${encodeURIComponent(ana.email)}/${passwordDigest(ana.salt, password)}/${UUID}/${ana.salt}`,
          );
        // Eight logins in all stay under the per-address limit: the refusals are the account's.
        for (let i = 0; i < 6; i++) expect((await login(servers[i % 2]!, `errada-${i}`)).status).toBe(401);
        expect(await login(servers[0]!, 'certa-123')).toEqual({ status: 429, message: BACKOFF });
        expect(await login(servers[1]!, 'certa-123')).toEqual({ status: 429, message: BACKOFF });
      });
    },
  );
}
