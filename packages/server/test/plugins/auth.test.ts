import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, revokeSession } from '../../src/accounts/sessions.ts';
import { assertSelf, readCustomer } from '../../src/plugins/auth.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type TestClock, testClock } from '../support/clock.ts';

describe('auth plugin', () => {
  let t: TestApp;
  let clock: TestClock;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp(
      {},
      {
        clock: clock.now,
        extend(app) {
          app.get('/probe/:id', { preHandler: app.authenticate }, async (request) => {
            assertSelf(request, (request.params as { id: string }).id);
            return request.customer;
          });
          app.get(
            '/upload-probe',
            { preHandler: app.authenticateUpload },
            async (request) => request.customer,
          );
          app.get('/optional', async (request) => ({ customer: await readCustomer(request) }));
        },
      },
    );
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', isadmin: '1' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com' });
  });
  afterAll(() => t.close());

  it('sets request.customer from a valid bearer token', async () => {
    const res = await t.app.inject({ url: `/probe/${ana.id}`, headers: bearer(ana.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: ana.id, email: 'ana@example.com', isadmin: '1' });
  });

  it('answers 401 in pt-BR without a token, with garbage, or with an unknown token', async () => {
    for (const authorization of [
      undefined,
      'Bearer',
      'Basic abc',
      `Bearer ${'x'.repeat(43)}`,
      'Bearer ../../etc',
    ]) {
      const res = await t.app.inject({
        url: `/probe/${ana.id}`,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'unauthorized',
        message: 'Sessão expirada. Faça login novamente.',
      });
    }
  });

  it('answers 403 when the id names another customer and 400 when it is no id', async () => {
    const other = await t.app.inject({ url: `/probe/${bruno.id}`, headers: bearer(ana.token) });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('forbidden');
    const junk = await t.app.inject({ url: '/probe/1abc', headers: bearer(ana.token) });
    expect(junk.statusCode).toBe(400);
  });

  it('refuses revoked and expired sessions', async () => {
    const token = await openSession(t.database.db, bruno.id, clock.now());
    expect((await t.app.inject({ url: `/probe/${bruno.id}`, headers: bearer(token) })).statusCode).toBe(200);
    await revokeSession(t.database.db, token, clock.now());
    expect((await t.app.inject({ url: `/probe/${bruno.id}`, headers: bearer(token) })).statusCode).toBe(401);

    const later = await openSession(t.database.db, bruno.id, clock.now());
    clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await t.app.inject({ url: `/probe/${bruno.id}`, headers: bearer(later) })).statusCode).toBe(401);
  });

  it('drops the expired and revoked sessions of a customer at the next login', async () => {
    const count = async () =>
      (
        (await t.database.db.execute(
          `SELECT count(*)::int AS n FROM sessions WHERE customer_id = ${bruno.id}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const before = await count();
    expect(before).toBe(2);
    await openSession(t.database.db, bruno.id, clock.now());
    expect(await count()).toBe(1);
  });

  it('accepts upload grants only where uploads are allowed', async () => {
    const grant = await openSession(t.database.db, bruno.id, clock.now(), { scope: 'upload' });
    expect((await t.app.inject({ url: `/probe/${bruno.id}`, headers: bearer(grant) })).statusCode).toBe(401);
    const upload = await t.app.inject({ url: '/upload-probe', headers: bearer(grant) });
    expect(upload.statusCode).toBe(200);
    expect(upload.json().id).toBe(bruno.id);
  });

  it('reads an optional customer without failing for visitors', async () => {
    const visitor = await t.app.inject({ url: '/optional' });
    expect(visitor.json()).toEqual({ customer: null });
    const fresh = await openSession(t.database.db, ana.id, clock.now());
    const logged = await t.app.inject({ url: '/optional', headers: bearer(fresh) });
    expect(logged.json().customer.id).toBe(ana.id);
  });
});
