import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { customerForIdentity } from '../../src/identity/link-account.ts';
import { safeReturnTo } from '../../src/identity/login-state.ts';
import { type DevOidcProvider, startDevOidcProvider } from '../../src/stand-ins/openid-provider/index.ts';
import { bearer, createCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { TestBrowser } from '../support/browser.ts';
import { freePort } from '../support/free-port.ts';
import { linkIn, mailTo } from '../support/mailbox.ts';

const SITE = 'http://loja.test';
// A real 1x1 PNG, for the document a sign-up uploads.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('Google sign-in against a real OpenID provider', () => {
  let provider: DevOidcProvider;
  let t: TestApp;
  let api: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'plateia-google-'));
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    provider = await startDevOidcProvider({
      port: 0,
      redirectUri: `${api}/auth/google/callback`,
      hostname: '127.0.0.1',
    });
    t = await createTestApp({
      dataDir,
      publicApiUrl: api,
      siteUrl: SITE,
      google: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Runs the redirect dance as `browser` up to the provider's redirect back to the API
   * host, and answers that callback URL without following it.
   */
  async function reachCallback(browser: TestBrowser, email: string, returnTo?: string, login?: string) {
    const query = new URLSearchParams();
    if (returnTo !== undefined) query.set('returnTo', returnTo);
    if (login !== undefined) query.set('login', login);
    const start = `${api}/auth/google${query.size > 0 ? `?${query}` : ''}`;
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
      (next) => next.toString().startsWith(`${api}/auth/google/callback`),
    );
    return done.url;
  }

  /** Runs the whole redirect dance as a browser and returns the storefront's callback URL. */
  async function signIn(email: string, returnTo?: string, login?: string): Promise<URL> {
    const browser = new TestBrowser();
    const callback = await reachCallback(browser, email, returnTo, login);
    const done = await browser.follow(callback, (next) => next.toString().startsWith(SITE));
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

  const UUID = 'b7e1c0de-0000-4000-8000-000000000009';
  const passwordLogin = async (email: string, password: string) => {
    const salt = (
      await t.app.inject({ method: 'POST', url: `/getsalt/${encodeURIComponent(email)}/${UUID}` })
    ).json().msg as string;
    return t.app.inject({
      method: 'POST',
      url: `/login/${encodeURIComponent(email)}/${passwordDigest(salt, password)}/${UUID}/${salt}`,
    });
  };

  it('linking a never-confirmed sign-up drops what the stranger supplied and tells the owner', async () => {
    // A stranger signs up with the owner's address, a password of their own, a CPF and a document.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/customer/add',
      payload: {
        user: 'dona@example.com',
        namef: 'Intruso',
        namel: 'Qualquer',
        pw: 'senha-do-intruso',
        status: 1,
        uidcad: 1,
        cpfnpj: '529.982.247-25',
        passport: '',
        phone: '(11) 98765-4321',
        cidade: 'Recife',
      },
    });
    expect(signUp.statusCode).toBe(200);
    const { id, uploadToken } = signUp.json() as { id: number; uploadToken: string };
    const document = {
      customerId: id,
      documentType: 'document',
      fileBase64: PNG.toString('base64'),
      fileName: 'rg.png',
    };
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      payload: document,
      headers: bearer(uploadToken),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(readdirSync(join(dataDir, 'documents'))).toHaveLength(1);

    // The owner signs in with Google.
    const fragment = new URLSearchParams((await signIn('dona@example.com')).hash.slice(1));
    const token = fragment.get('token') ?? '';
    const me = (await t.app.inject({ url: '/customer/me', headers: bearer(token) })).json().data;
    expect(me).toMatchObject({
      id,
      email_verified: true,
      namef: 'dona',
      namel: '',
      cpfnpj: '',
      phone: '',
      cidade: '',
      document: '',
    });
    // The stranger's password, upload grant and document are gone.
    expect((await passwordLogin('dona@example.com', 'senha-do-intruso')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      payload: document,
      headers: bearer(uploadToken),
    });
    expect(again.statusCode).toBe(401);
    expect(readdirSync(join(dataDir, 'documents'))).toHaveLength(0);

    // The owner hears of it, in pt-BR, with what was discarded.
    const [notice] = await mailTo(t.database.db, 'dona@example.com');
    expect(notice?.subject).toBe('Sua conta Plateia agora entra com o Google');
    expect(notice?.text).toContain('descartamos a senha, os dados de perfil e os documentos');
    expect(linkIn(notice?.text ?? '', '/settings/perfil').origin).toBe(SITE);
  });

  it('linking a confirmed account keeps its password and profile, and tells the owner', async () => {
    const ana = await createCustomer(t.database.db, {
      email: 'ana@example.com',
      password: 'plateia123',
      namef: 'Ana',
    });
    const fragment = new URLSearchParams((await signIn('ana@example.com')).hash.slice(1));
    const me = await t.app.inject({ url: '/customer/me', headers: bearer(fragment.get('token') ?? '') });
    expect(me.json().data).toMatchObject({ id: ana.id, email_verified: true, namef: 'Ana' });
    expect((await passwordLogin('ana@example.com', 'plateia123')).statusCode).toBe(200);
    // The session opened before the link still works: the account was the owner's already.
    expect((await t.app.inject({ url: '/customer/me', headers: bearer(ana.token) })).statusCode).toBe(200);
    const [notice] = await mailTo(t.database.db, 'ana@example.com');
    expect(notice?.subject).toBe('Sua conta Plateia agora entra com o Google');
    expect(notice?.text).not.toContain('descartamos');
    // Signing in again by the linked subject sends no second notice.
    await signIn('ana@example.com');
    expect(await mailTo(t.database.db, 'ana@example.com')).toHaveLength(1);
  });

  it('refuses an open redirect in returnTo', async () => {
    for (const returnTo of [
      '//evil.example/x',
      '/\t/evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      const fragment = new URLSearchParams((await signIn('redir@example.com', returnTo)).hash.slice(1));
      expect(fragment.get('returnTo')).toBe('/');
    }
  });

  it("echoes the storefront tab's nonce so it can tell its own sign-ins apart", async () => {
    const login = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    const fragment = new URLSearchParams((await signIn('eco@example.com', '/', login)).hash.slice(1));
    expect(fragment.get('login')).toBe(login);
    expect(fragment.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('binds the sign-in to the browser with an HttpOnly cookie on the sign-in routes', async () => {
    const first = await new TestBrowser().request(`${api}/auth/google`);
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(
      /^plateia_google_login=[A-Za-z0-9_-]{43}; Path=\/auth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('refuses a callback carried to a browser that did not start the sign-in (login CSRF)', async () => {
    // The attacker signs in with their own Google account but stops before the callback...
    const attacker = new TestBrowser();
    const callback = await reachCallback(attacker, 'atacante@example.com', '/checkout/1', 'n'.repeat(32));
    // ...and gets the victim's browser to open it (a link, an image, a redirect).
    const victim = new TestBrowser();
    const res = await victim.request(callback);
    expect(res.status).toBe(302);
    const fragment = new URLSearchParams(new URL(res.headers.get('location') ?? '').hash.slice(1));
    expect(fragment.get('token')).toBeNull();
    expect(fragment.get('error')).toBe('invalid_state');
    expect(fragment.get('message')).toBe('Não foi possível concluir o login com o Google. Tente novamente.');
    // No account was even created from the code.
    expect(await mailTo(t.database.db, 'atacante@example.com')).toHaveLength(0);
    const rows = (await t.database.db.execute(
      "SELECT count(*)::int AS n FROM customers WHERE email = 'atacante@example.com'",
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]?.n).toBe(0);
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

  const deps = () => ({
    now: new Date(),
    dataDir: t.app.config.dataDir,
    mail: { mailer: t.app.mailer, siteUrl: SITE, log: t.app.log },
  });
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
      customerForIdentity(t.database.db, identity({ emailVerified: false }), deps()),
    ).rejects.toThrow('Não foi possível confirmar seu e-mail com o Google.');
    const { customer, linked } = await customerForIdentity(t.database.db, identity({}), deps());
    expect(linked).toBe('existing');
    expect(customer.id).toBe(existing.id);
    expect(customer.googleSub).toBe('google-sub-1');
  });

  it('creates accounts with safe fields only', async () => {
    const { customer: row, linked } = await customerForIdentity(
      t.database.db,
      identity({ sub: 'novo', email: 'novo@example.com' }),
      deps(),
    );
    expect(linked).toBe('new');
    expect(row).toMatchObject({ namef: 'Lia', namel: 'Costa', avatar: '', passwordHash: null });
    expect(row.emailVerifiedAt).not.toBeNull();
  });

  it('accepts only same-site paths as returnTo, resolved against the storefront', () => {
    expect(safeReturnTo('/mytickets', SITE)).toBe('/mytickets');
    expect(safeReturnTo('/checkout/7?x=1#pagar', SITE)).toBe('/checkout/7?x=1#pagar');
    expect(safeReturnTo('/a/../mytickets', SITE)).toBe('/mytickets');
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/\r/evil.example',
      '/\n/evil.example',
      `${SITE}/mytickets`,
      'mytickets',
      undefined,
    ]) {
      expect(safeReturnTo(bad, SITE)).toBe('/');
    }
  });
});
