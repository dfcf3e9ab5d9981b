import { LOGIN_ORIGIN_MESSAGE } from '@plateia/core/messages/sessions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../../src/accounts/passwords.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

const UUID = '3f2c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6';

describe('getsalt and login', () => {
  let t: TestApp;
  let ana: TestCustomer;
  let pendente: TestCustomer;

  const getsalt = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/getsalt/${encodeURIComponent(email)}/${UUID}`, headers });
  const login = (email: string, hash: string, salt: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/login/${encodeURIComponent(email)}/${hash}/${UUID}/${salt}`,
      headers,
    });

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'Ana.Souza@example.com', password: 'plateia123' });
    pendente = await createCustomer(t.database.db, { email: 'pendente@example.com', verified: false });
  });
  afterAll(() => t.close());

  it('answers the stored salt, whatever the case of the e-mail', async () => {
    const res = await getsalt('ana.souza@EXAMPLE.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: ana.salt });
  });

  it('answers a stable, real-looking fake salt for unknown e-mails', async () => {
    const first = (await getsalt('ninguem@example.com')).json().msg;
    const again = (await getsalt('NINGUEM@example.com')).json().msg;
    const other = (await getsalt('outra.pessoa@example.com')).json().msg;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('refuses a malformed e-mail with the spec message', async () => {
    for (const email of ['nao-e-email', 'a@b', 'a b@example.com']) {
      const res = await getsalt(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Endereço de e-mail inválido');
    }
  });

  it('logs in with md5(salt + password) and answers the user record plus a token', async () => {
    const res = await login(ana.email, passwordDigest(ana.salt, 'plateia123'), ana.salt);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({
      id: ana.id,
      user: ana.email,
      isadmin: '0',
      avatar: '',
      country: 'Brasil',
    });
    expect(body.data).not.toHaveProperty('salt');
    expect(body.data).not.toHaveProperty('passwordHash');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/customer/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(ana.id);
  });

  it("takes the password only from the storefront's pages (or no browser): another origin gets 403, no session", async () => {
    const digest = passwordDigest(ana.salt, 'plateia123');
    for (const origin of [new URL(t.app.config.siteUrl).origin, new URL(t.app.config.publicApiUrl).origin]) {
      const res = await login(ana.email, digest, ana.salt, { origin });
      expect(res.statusCode).toBe(200);
    }
    for (const origin of [
      'https://produtora.example',
      'null',
      `${new URL(t.app.config.siteUrl).origin}.evil.example`,
    ]) {
      const res = await login(ana.email, digest, ana.salt, { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'login_origin', message: LOGIN_ORIGIN_MESSAGE });
      expect(res.json()).not.toHaveProperty('token');
    }
  });

  it('accepts an upper-case digest', async () => {
    const res = await login(ana.email, passwordDigest(ana.salt, 'plateia123').toUpperCase(), ana.salt);
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 "Usuário/Senha Inválida" for a wrong password, salt or unknown e-mail', async () => {
    const cases = [
      login(ana.email, passwordDigest(ana.salt, 'errada'), ana.salt),
      login(ana.email, passwordDigest(ana.salt, 'plateia123'), 'outrosal'),
      login('ninguem@example.com', passwordDigest('x', 'plateia123'), 'x'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_credentials', message: 'Usuário/Senha Inválida' });
    }
  });

  it('answers 409 with the spec message before the e-mail is confirmed', async () => {
    const res = await login(pendente.email, passwordDigest(pendente.salt, pendente.password), pendente.salt);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Valide sua conta pelo link enviado em seu email, antes de fazer login.');
  });

  it('does not reveal an unverified account to a wrong password', async () => {
    const res = await login(pendente.email, passwordDigest(pendente.salt, 'errada'), pendente.salt);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a digest that is not md5 hex, or a uuid with path tricks', async () => {
    const bad = await login(ana.email, 'zz'.repeat(16), ana.salt);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/inválido/);
    const tricky = await t.app.inject({ method: 'POST', url: `/getsalt/${ana.email}/..%2F..%2Fetc` });
    expect(tricky.statusCode).toBe(400);
  });

  it('signs out by revoking the token', async () => {
    const { token } = (await login(ana.email, passwordDigest(ana.salt, 'plateia123'), ana.salt)).json();
    const out = await t.app.inject({ method: 'POST', url: '/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const me = await t.app.inject({ url: '/customer/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Sessão expirada. Faça login novamente.');
  });

  it('stores sessions only as digests', async () => {
    const { token } = (await login(ana.email, passwordDigest(ana.salt, 'plateia123'), ana.salt)).json();
    const rows = (await t.database.db.execute('SELECT token_hash FROM sessions')) as unknown as {
      rows: { token_hash: string }[];
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((row) => row.token_hash === token)).toBe(false);
  });
});

describe('rate limit on authentication routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ authRateLimit: { max: 3, timeWindow: 60_000 } });
  });
  afterAll(() => t.close());

  it('answers 429 in pt-BR after the per-address limit, however X-Forwarded-For is rotated', async () => {
    // No proxy is configured: the header is the client's own word, so it must not change the key.
    const from = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: `/getsalt/a%40example.com/${UUID}`,
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 3; i++) expect((await from(`10.0.0.${i + 1}`)).statusCode).toBe(200);
    const limited = await from('10.0.0.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Muitas requisições. Por favor, aguarde um momento.');
    // Non-authentication routes are not limited.
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.app.inject({ url: '/health', headers: { 'x-forwarded-for': '10.0.0.1' } })).statusCode,
      ).toBe(200);
    }
  });
});

describe('rate limit behind a configured proxy', () => {
  for (const trustProxy of [['127.0.0.1'], 1] as (string[] | number)[]) {
    it(`counts each forwarded client apart when TRUST_PROXY is ${JSON.stringify(trustProxy)}`, async () => {
      const t = await createTestApp({
        authRateLimit: { max: 2, timeWindow: 60_000 },
        trustProxy,
      });
      try {
        const from = (ip: string) =>
          t.app.inject({
            method: 'POST',
            url: `/getsalt/b%40example.com/${UUID}`,
            headers: { 'x-forwarded-for': ip },
          });
        for (let i = 0; i < 2; i++) expect((await from('198.51.100.1')).statusCode).toBe(200);
        expect((await from('198.51.100.1')).statusCode).toBe(429);
        expect((await from('198.51.100.2')).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });
  }
});
