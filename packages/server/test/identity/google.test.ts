import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { type DevOidcProvider, startDevOidcProvider } from '../../src/identity/dev-provider.ts';
import { customerForIdentity } from '../../src/identity/link-account.ts';
import { safeReturnTo } from '../../src/identity/login-state.ts';
import { bearer, createCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { freePort } from '../support/free-port.ts';

const SITE = 'http://loja.test';

describe('Google sign-in against a real OpenID provider', () => {
  let provider: DevOidcProvider;
  let t: TestApp;
  let api: string;

  beforeAll(async () => {
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    provider = await startDevOidcProvider({
      port: 0,
      redirectUri: `${api}/auth/google/callback`,
      hostname: '127.0.0.1',
    });
    t = await createTestApp({
      publicApiUrl: api,
      siteUrl: SITE,
      google: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Runs the whole redirect dance as a browser and returns the storefront's callback URL. */
  async function signIn(email: string, returnTo?: string): Promise<URL> {
    const browser = new TestBrowser();
    const start = `${api}/auth/google${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
    const first = await browser.request(start);
    expect(first.status).toBe(302);
    const authorize = new URL(first.headers.get('location') ?? '');
    expect(authorize.origin).toBe(provider.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${api}/auth/google/callback`);

    const form = await browser.follow(authorize.toString());
    expect(form.response?.status).toBe(200);
    const html = (await form.response?.text()) ?? '';
    expect(html).toContain('lang="pt-BR"');
    expect(html).toContain('E-mail');
    const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', form.url);

    const posted = await browser.request(action.toString(), { method: 'POST', form: { email } });
    expect(posted.status).toBeGreaterThanOrEqual(300);
    const done = await browser.follow(
      new URL(posted.headers.get('location') ?? '', action).toString(),
      (next) => next.toString().startsWith(SITE),
    );
    const landing = new URL(done.url);
    expect(landing.origin + landing.pathname).toBe(`${SITE}/auth/callback`);
    return landing;
  }

  it('creates a verified customer, opens a session and returns to the storefront', async () => {
    const landing = await signIn('Maria.Google@example.com', '/checkout/42');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(landing.search).toBe('');
    expect(fragment.get('returnTo')).toBe('/checkout/42');
    const token = fragment.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/customer/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      user: 'maria.google@example.com',
      email_verified: true,
      isadmin: '0',
    });

    // Signing in again finds the same account by its subject.
    const again = new URLSearchParams((await signIn('maria.google@example.com')).hash.slice(1));
    const meAgain = await t.app.inject({ url: '/customer/me', headers: bearer(again.get('token') ?? '') });
    expect(meAgain.json().data.id).toBe(me.json().data.id);
    expect(again.get('returnTo')).toBe('/');
  });

  it('links an existing password account by verified e-mail, which then keeps its password', async () => {
    const ana = await createCustomer(t.database.db, {
      email: 'ana@example.com',
      verified: false,
      password: 'plateia123',
    });
    const fragment = new URLSearchParams((await signIn('ana@example.com')).hash.slice(1));
    const me = await t.app.inject({ url: '/customer/me', headers: bearer(fragment.get('token') ?? '') });
    expect(me.json().data).toMatchObject({ id: ana.id, email_verified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/ana@example.com/${passwordDigest(ana.salt, 'plateia123')}/u-1/${ana.salt}`,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an open redirect in returnTo', async () => {
    const fragment = new URLSearchParams(
      (await signIn('redir@example.com', '//evil.example/x')).hash.slice(1),
    );
    expect(fragment.get('returnTo')).toBe('/');
  });

  it('sends an unknown or replayed state back with a pt-BR error', async () => {
    const res = await fetch(`${api}/auth/google/callback?code=abc&state=forjado`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const landing = new URL(res.headers.get('location') ?? '');
    const fragment = new URLSearchParams(landing.hash.slice(1));
    expect(fragment.get('error')).toBe('invalid_state');
    expect(fragment.get('message')).toBe('Não foi possível concluir o login com o Google. Tente novamente.');
    expect(fragment.get('token')).toBeNull();
  });

  it('keeps no state, verifier or token in clear', async () => {
    const rows = (await t.database.db.execute('SELECT state_hash FROM oauth_states')) as unknown as {
      rows: { state_hash: string }[];
    };
    for (const row of rows.rows) expect(row.state_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('Google sign-in without a configured client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      siteUrl: SITE,
      google: { issuer: 'https://accounts.google.com', clientId: undefined, clientSecret: undefined },
    });
  });
  afterAll(() => t.close());

  it('returns to the storefront with a pt-BR notice instead of failing', async () => {
    const res = await t.app.inject({ url: '/auth/google' });
    expect(res.statusCode).toBe(302);
    const fragment = new URLSearchParams(new URL(res.headers.location as string).hash.slice(1));
    expect(fragment.get('error')).toBe('google_unavailable');
    expect(fragment.get('message')).toMatch(/Login com Google indisponível/);
  });
});

describe('Google sign-in with the provider down', () => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = await freePort();
    t = await createTestApp({
      siteUrl: SITE,
      google: { issuer: `http://127.0.0.1:${closed}`, clientId: 'c', clientSecret: 's' },
    });
  });
  afterAll(() => t.close());

  it('returns to the storefront with a pt-BR notice, twice (discovery is retried)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/auth/google' });
      expect(res.statusCode).toBe(302);
      const fragment = new URLSearchParams(new URL(res.headers.location as string).hash.slice(1));
      expect(fragment.get('error')).toBe('google_unavailable');
    }
  });
});

describe('linking rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const identity = (overrides: object) => ({
    sub: 'google-sub-1',
    email: 'lia@example.com',
    emailVerified: true,
    givenName: 'Lia',
    familyName: 'Costa',
    picture: 'javascript:alert(1)',
    ...overrides,
  });

  it('never links by an unverified e-mail', async () => {
    const existing = await createCustomer(t.database.db, { email: 'lia@example.com' });
    await expect(
      customerForIdentity(t.database.db, identity({ emailVerified: false }), new Date()),
    ).rejects.toThrow('Não foi possível confirmar seu e-mail com o Google.');
    const linked = await customerForIdentity(t.database.db, identity({}), new Date());
    expect(linked.id).toBe(existing.id);
    expect(linked.googleSub).toBe('google-sub-1');
  });

  it('creates accounts with safe fields only', async () => {
    const row = await customerForIdentity(
      t.database.db,
      identity({ sub: 'novo', email: 'novo@example.com' }),
      new Date(),
    );
    expect(row).toMatchObject({ namef: 'Lia', namel: 'Costa', avatar: '', passwordHash: null });
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('accepts only same-site paths as returnTo', () => {
    expect(safeReturnTo('/mytickets')).toBe('/mytickets');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'mytickets', undefined]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
  });
});
