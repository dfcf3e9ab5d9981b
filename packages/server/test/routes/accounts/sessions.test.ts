import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openSession,
  SESSION_IDLE_MS,
  SESSION_ROTATE_MS,
  SESSION_TTL_MS,
} from '../../../src/accounts/sessions.ts';
import { execute } from '../../../src/db/sql.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { type TestClock, testClock } from '../../support/clock.ts';

const PHONE = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Gecko/20100101 Firefox/128.0';
const HOUR = 60 * 60 * 1000;

describe('sessions', () => {
  let t: TestApp;
  let clock: TestClock;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock: clock.now });
    ana = await createCustomer(t.database.db, { email: 'ana@example.com' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com' });
  });
  afterAll(() => t.close());

  const me = (token: string, userAgent?: string) =>
    t.app.inject({
      url: '/customer/me',
      headers: { ...bearer(token), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
  const login = (customerId: number) => openSession(t.database.db, customerId, clock.now());

  it('stop working as soon as the account is blocked', async () => {
    const carla = await createCustomer(t.database.db, { email: 'carla@example.com' });
    expect((await me(carla.token)).statusCode).toBe(200);
    await execute(t.database.db, sql`UPDATE customers SET status = 0 WHERE id = ${carla.id}`);
    const blocked = await me(carla.token);
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json().message).toBe('Sessão expirada. Faça login novamente.');
    const list = await t.app.inject({ url: '/customer/sessions', headers: bearer(carla.token) });
    expect(list.statusCode).toBe(401);
  });

  it("lists the caller's sessions with device, times and the current one marked", async () => {
    const phone = await login(ana.id);
    const laptop = await login(ana.id);
    await me(phone, PHONE);
    clock.advance(2 * 60 * 1000);
    await me(laptop, LAPTOP);
    const res = await t.app.inject({
      url: '/customer/sessions',
      headers: { ...bearer(laptop), 'user-agent': LAPTOP },
    });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as {
      id: number;
      userAgent: string;
      createdAt: string;
      lastUsedAt: string;
      current: boolean;
    }[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ userAgent: LAPTOP, current: true });
    expect(sessions.find((s) => s.userAgent === PHONE)).toMatchObject({ current: false });
    for (const s of sessions) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
    // Bruno's sessions are not in Ana's list.
    const brunoList = await t.app.inject({ url: '/customer/sessions', headers: bearer(bruno.token) });
    const brunoIds = (brunoList.json().data as { id: number }[]).map((s) => s.id);
    expect(sessions.some((s) => brunoIds.includes(s.id))).toBe(false);
  });

  it('ends one of its own sessions only', async () => {
    const phone = await login(ana.id);
    await me(phone, PHONE);
    const list = await t.app.inject({ url: '/customer/sessions', headers: bearer(phone) });
    const current = (list.json().data as { id: number; current: boolean }[]).find((s) => s.current);
    const id = current?.id ?? 0;
    // Bruno cannot end Ana's session: it answers like an unknown one.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/customer/sessions/${id}/revoke`,
      headers: bearer(bruno.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Sessão não encontrada.');
    expect((await me(phone)).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'POST',
      url: `/customer/sessions/${id}/revoke`,
      headers: bearer(ana.token),
    });
    expect(own.statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/customer/sessions/abc/revoke',
      headers: bearer(ana.token),
    });
    expect(junk.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: `/customer/sessions/${id}/revoke` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signs out everywhere, this session included, and leaves other customers alone', async () => {
    const dora = await createCustomer(t.database.db, { email: 'dora@example.com' });
    const others = [await login(dora.id), await login(dora.id)];
    const grant = await openSession(t.database.db, dora.id, clock.now(), { scope: 'upload' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/customer/sessions/revoke-all',
      headers: bearer(dora.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, revoked: 4 });
    for (const token of [dora.token, ...others]) expect((await me(token)).statusCode).toBe(401);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      headers: bearer(grant),
      payload: { customerId: dora.id, documentType: 'document', fileBase64: 'iVBORw0K', fileName: 'rg.png' },
    });
    expect(upload.statusCode).toBe(401);
    expect((await me(bruno.token)).statusCode).toBe(200);
  });

  it('ends a session left unused for the idle timeout, while use keeps it alive until 30 days', async () => {
    const idle = await login(bruno.id);
    let used = await login(bruno.id);
    // Used once a week: alive past the idle timeout (taking the rotated token each time).
    for (let week = 1; week <= 4; week++) {
      clock.advance(7 * 24 * HOUR);
      const res = await me(used);
      expect(res.statusCode).toBe(200);
      used = (res.headers['x-session-token'] as string | undefined) ?? used;
    }
    expect((await me(idle)).statusCode).toBe(401);
    // ...but never past 30 days from the login.
    clock.advance(SESSION_TTL_MS - 28 * 24 * HOUR);
    expect((await me(used)).statusCode).toBe(401);

    const fresh = await login(bruno.id);
    clock.advance(SESSION_IDLE_MS - 1000);
    expect((await me(fresh)).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_MS + 1);
    expect((await me(fresh)).statusCode).toBe(401);
  });

  it('rotates a token a day old; the old one works until the new one is used', async () => {
    const token = await login(bruno.id);
    const early = await me(token);
    expect(early.headers['x-session-token']).toBeUndefined();
    clock.advance(SESSION_ROTATE_MS + HOUR);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const next = res.headers['x-session-token'] as string;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(token);
    expect(res.headers['access-control-expose-headers']).toContain('X-Session-Token');
    expect(res.headers['cache-control']).toBe('no-store');
    // An answer lost on the way: the old token still works, and rotates nothing more.
    const retry = await me(token);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['x-session-token']).toBeUndefined();
    // The browser uses the new one: the old one is dead from then on.
    expect((await me(next)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    // Signing out with the new token ends the session.
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(next) });
    expect((await me(next)).statusCode).toBe(401);
  });

  it('signing out with the previous token of a rotation ends the session too', async () => {
    const token = await login(bruno.id);
    clock.advance(SESSION_ROTATE_MS + HOUR);
    const next = (await me(token)).headers['x-session-token'] as string;
    await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(token) });
    expect((await me(next)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });
});
