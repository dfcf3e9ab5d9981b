import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { redisReachable, testRedisUrl } from '../support/redis.ts';

const UUID = '3f2c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6';
const BACKOFF = 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.';
const hasRedis = await redisReachable();

for (const store of ['database', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !hasRedis)(`per-account login back-off (${store} counters)`, () => {
    let t: TestApp;
    let ana: TestCustomer;
    let bia: TestCustomer;
    // Redis outlives the test run: fresh e-mails keep each run's counters apart.
    const run = randomBytes(4).toString('hex');

    const getsalt = (email: string) =>
      t.app.inject({ method: 'POST', url: `/getsalt/${encodeURIComponent(email)}/${UUID}` });
    const login = (who: TestCustomer, password: string, ip = '127.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: `/login/${encodeURIComponent(who.email)}/${passwordDigest(who.salt, password)}/${UUID}/${who.salt}`,
        remoteAddress: ip,
      });

    beforeAll(async () => {
      t = await createTestApp(
        store === 'redis'
          ? { redisUrl: testRedisUrl, redisKeyPrefix: `plateia-test-${randomBytes(4).toString('hex')}` }
          : {},
      );
      ana = await createCustomer(t.database.db, { email: `ana-${run}@example.com`, password: 'certa-123' });
      bia = await createCustomer(t.database.db, { email: `bia-${run}@example.com`, password: 'certa-456' });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    afterAll(() => t.close());

    it('lets five wrong passwords through, then makes the account wait, from any address', async () => {
      // Each guess from a different address: the per-address limit would never see them.
      for (let i = 0; i < 5; i++)
        expect((await login(ana, `errada-${i}`, `203.0.113.${i}`)).statusCode).toBe(401);
      // The sixth failure starts the back-off...
      expect((await login(ana, 'errada-6', '203.0.113.50')).statusCode).toBe(401);
      // ...and now even the right password waits, and so does the salt.
      const blocked = await login(ana, 'certa-123', '203.0.113.51');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(BACKOFF);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(25);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
      expect((await getsalt(ana.email.toUpperCase())).statusCode).toBe(429);
      // Another account on the same address is untouched (per account first).
      expect((await login(bia, 'certa-456', '203.0.113.51')).statusCode).toBe(200);
    });

    // Redis keeps its own clock, so only the database counters can be moved through time here.
    it.skipIf(store === 'redis')(
      'doubles the wait with each further failure and clears it on success',
      async () => {
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
        expect((await login(ana, 'errada-7')).statusCode).toBe(401);
        const second = await login(ana, 'certa-123');
        expect(second.statusCode).toBe(429);
        expect(Number(second.headers['retry-after'])).toBeGreaterThan(30);
        expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(60);
        vi.setSystemTime(Date.now() + 61_000);
        expect((await login(ana, 'certa-123')).statusCode).toBe(200);
        // The success forgot the failures: one more mistake is free again.
        expect((await login(ana, 'errada-8')).statusCode).toBe(401);
        expect((await login(ana, 'certa-123')).statusCode).toBe(200);
      },
    );
  });
}
