import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_IDLE_MS, EMBED_TTL_MS, openSession } from '../../../src/accounts/sessions.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type TestClock, testClock } from '../../support/clock.ts';

const PRODUCER = 'https://produtor.example';
const FORBIDDEN = {
  error: 'embed_forbidden',
  message: 'Este acesso do site parceiro não permite esta operação. Entre pela Plateia.',
};

describe('embed tokens (a producer page buying for a customer)', () => {
  let t: TestApp;
  let clock: TestClock;
  let ana: TestCustomer;
  let site: string;

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock: clock.now });
    site = new URL(t.app.config.siteUrl).origin;
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
  });
  afterAll(() => t.close());

  const grant = (token: string, origin = PRODUCER, from = site) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/embed-token',
      headers: { ...bearer(token), origin: from },
      payload: { origin },
    });
  const embed = async (session = ana.token) => {
    const res = await grant(session);
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; expiresAt: string; user: Record<string, unknown> };
  };
  const call = (token: string, url: string, method: 'GET' | 'POST' = 'GET', origin = PRODUCER) =>
    t.app.inject({
      method,
      url,
      headers: { ...bearer(token), origin },
      payload: method === 'POST' ? {} : undefined,
    });

  it('is granted from the storefront with a full session, and tells only id and first name', async () => {
    const res = await grant(ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.user).toEqual({ id: ana.id, firstName: 'Ana' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).not.toBe(ana.token);
    expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(EMBED_TTL_MS);
  });

  it('is refused from any other origin, from an embed token, and for a non-origin', async () => {
    for (const from of [PRODUCER, 'null', '']) {
      const res = await grant(ana.token, PRODUCER, from);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('embed_origin');
    }
    const { token } = await embed();
    expect((await grant(token, PRODUCER, site)).statusCode).toBe(401); // wrong origin for it
    expect((await grant(token, 'https://outro.example', PRODUCER)).json()).toEqual(FORBIDDEN);
    for (const origin of ['https://produtor.example/loja', 'javascript:alert(1)', 'produtor.example', site]) {
      const res = await grant(ana.token, origin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Este site não está autorizado a usar contas da Plateia.');
    }
    expect((await grant('x'.repeat(43))).statusCode).toBe(401);
  });

  it('is refused for an origin outside CORS_ORIGINS when they are listed (production)', async () => {
    const listed = await createTestApp({ corsOrigins: ['http://localhost:4321', PRODUCER] });
    try {
      const customer = await createCustomer(listed.database.db, { email: 'bia@example.com' });
      const ask = (origin: string) =>
        listed.app.inject({
          method: 'POST',
          url: '/auth/embed-token',
          headers: { ...bearer(customer.token), origin: new URL(listed.app.config.siteUrl).origin },
          payload: { origin },
        });
      expect((await ask(PRODUCER)).statusCode).toBe(200);
      expect((await ask('https://outro.example')).statusCode).toBe(400);
    } finally {
      await listed.close();
    }
  });

  it('reaches the purchase routes and the minimal who-am-I, and nothing else (403 pt-BR)', async () => {
    const { token } = await embed();
    const who = await call(token, '/auth/session');
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual({ data: { id: ana.id, firstName: 'Ana', scope: 'embed' } });
    // Allowed routes run (and answer on their own terms, here: no such order / bad body).
    expect((await call(token, '/payments/999999/status')).statusCode).toBe(404);
    expect((await call(token, '/cart/reserve', 'POST')).statusCode).toBe(400);
    expect((await call(token, '/payments/pix', 'POST')).statusCode).toBe(400);
    expect((await call(token, '/shared-payments/create', 'POST')).statusCode).toBe(400);
    for (const [url, method] of [
      ['/customer/me', 'GET'],
      ['/customer/sessions/1/revoke', 'POST'],
      ['/tickets/1/code-key', 'GET'],
      ['/customer/sessions', 'GET'],
      ['/customer/sessions/revoke-all', 'POST'],
      ['/tickets', 'GET'],
      ['/tickets/code-keys', 'GET'],
      ['/wallet', 'GET'],
      ['/support/list', 'GET'],
      ['/shared-payments/user-all/1', 'GET'],
    ] as const) {
      const res = await call(token, url, method);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(FORBIDDEN);
    }
    // The full session still reads the profile.
    expect((await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).statusCode).toBe(200);
  });

  it('works only from the origin it is bound to', async () => {
    const { token } = await embed();
    expect((await call(token, '/auth/session')).statusCode).toBe(200);
    for (const origin of ['https://outro.example', site, 'null']) {
      expect((await call(token, '/auth/session', 'GET', origin)).statusCode).toBe(401);
    }
    const bare = await t.app.inject({ url: '/auth/session', headers: bearer(token) });
    expect(bare.statusCode).toBe(401);
  });

  it('ends after 30 minutes unused and after 2 hours at most, and is never rotated', async () => {
    const idle = await embed();
    const busy = await embed();
    for (let elapsed = 0; elapsed < EMBED_TTL_MS - 25 * 60 * 1000; elapsed += 25 * 60 * 1000) {
      clock.advance(25 * 60 * 1000);
      const res = await call(busy.token, '/auth/session');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-session-token']).toBeUndefined();
    }
    expect((await call(idle.token, '/auth/session')).statusCode).toBe(401);
    clock.advance(EMBED_TTL_MS);
    expect((await call(busy.token, '/auth/session')).statusCode).toBe(401);
    expect(EMBED_IDLE_MS).toBe(30 * 60 * 1000);
  });

  it('ends on its own sign-out, and with the storefront session that granted it', async () => {
    const own = await embed();
    const logout = await call(own.token, '/logout', 'POST');
    expect(logout.statusCode).toBe(200);
    expect((await call(own.token, '/auth/session')).statusCode).toBe(401);

    const storefront = await openSession(t.database.db, ana.id, clock.now());
    const child = await embed(storefront);
    const sibling = await embed(storefront);
    expect((await call(child.token, '/auth/session')).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(storefront) });
    expect((await call(child.token, '/auth/session')).statusCode).toBe(401);
    expect((await call(sibling.token, '/auth/session')).statusCode).toBe(401);

    // Ending a session from the profile's list ends its embed tokens too; they are not listed.
    const other = await openSession(t.database.db, ana.id, clock.now());
    const grandchild = await embed(other);
    const list = await t.app.inject({ url: '/customer/sessions', headers: bearer(ana.token) });
    const rows = list.json().data as { id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const whoOther = await t.app.inject({ url: '/customer/sessions', headers: bearer(other) });
    const otherId = (whoOther.json().data as { id: number; current: boolean }[]).find((s) => s.current)?.id;
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/customer/sessions/${otherId}/revoke`,
      headers: bearer(ana.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await call(grandchild.token, '/auth/session')).statusCode).toBe(401);
  });

  it("Google sign-in's redirects keep the login popup tied to its page (no same-origin opener policy)", async () => {
    const start = await t.app.inject({ url: '/auth/google?returnTo=/conta/conectar' });
    expect(start.statusCode).toBe(302);
    expect(start.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const back = await t.app.inject({ url: '/auth/google/callback?state=x&error=access_denied' });
    expect(back.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const other = await t.app.inject({ url: '/auth/session', headers: bearer(ana.token) });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('the storefront session keeps its who-am-I without personal data', async () => {
    const res = await t.app.inject({ url: '/auth/session', headers: bearer(ana.token) });
    expect(res.json()).toEqual({ data: { id: ana.id, firstName: 'Ana', scope: 'session' } });
  });
});
