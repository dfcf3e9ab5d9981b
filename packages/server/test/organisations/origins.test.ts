import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../support/app.ts';

const STOREFRONT = 'http://loja.test';
const PRODUCER_SITE = 'https://www.biaproducoes.example';

describe("an organisation's embedding sites", () => {
  let t: TestApp;
  let owner: TestCustomer;
  let organisationId: number;

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: TestCustomer | null, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? bearer(who.token) : {} });
  const setSites = (who: TestCustomer, origins: string[]) =>
    call('PUT', `/organisations/${organisationId}/origins`, who, { origins });
  /** The browser's CORS preflight of a page on `origin` calling the API. */
  const preflight = (app = t.app, origin = PRODUCER_SITE) =>
    app.inject({
      method: 'OPTIONS',
      url: '/events',
      headers: { origin, 'access-control-request-method': 'GET' },
    });

  beforeAll(async () => {
    t = await createTestApp({ siteUrl: STOREFRONT, corsOrigins: [STOREFRONT] });
    owner = await createCustomer(t.database.db, { email: 'bia@example.com' });
    const created = await call('POST', '/organisations', owner, {
      name: 'Bia Produções',
      document: '11222333000181',
      contactEmail: 'contato@bia.example',
      contactPhone: '11988887777',
    });
    organisationId = created.json().id;
  });
  afterAll(() => t.close());

  it('takes exact https origins from owners only, and hides the list from outsiders', async () => {
    const saved = await setSites(owner, [
      `${PRODUCER_SITE}/`,
      'HTTPS://Loja.BiaProducoes.example',
      'http://localhost:5173',
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().origins).toEqual([
      'http://localhost:5173',
      'https://loja.biaproducoes.example',
      PRODUCER_SITE,
    ]);
    for (const bad of [
      'https://www.bia.example/ingressos',
      'http://www.bia.example',
      'bia.example',
      'javascript:alert(1)',
    ]) {
      const res = await setSites(owner, [bad]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'Informe cada site como https://www.seusite.com.br, sem caminho nem barra no fim.',
      );
    }
    const tooMany = await setSites(
      owner,
      Array.from({ length: 21 }, (_, i) => `https://s${i}.example`),
    );
    expect(tooMany.json().message).toBe('Cadastre no máximo 20 sites por organização.');
    const outsider = await createCustomer(t.database.db, { email: 'fora@example.com' });
    expect((await call('GET', `/organisations/${organisationId}/origins`, outsider)).statusCode).toBe(404);
    expect((await setSites(outsider, [PRODUCER_SITE])).statusCode).toBe(404);
    expect(
      (await call('GET', `/organisations/${organisationId}/origins`, owner)).json().origins,
    ).toHaveLength(3);
  });

  it('opens CORS and the embed-token grant to a listed site at once, on every API host, and closes them on removal', async () => {
    // A second API host on the same database, as a second process would be.
    const other = await buildApp({
      config: testConfig({ siteUrl: STOREFRONT, corsOrigins: [STOREFRONT] }),
      database: t.database,
    });
    await other.ready();
    try {
      const allowed = async (app: typeof t.app) =>
        (await preflight(app)).headers['access-control-allow-origin'] === PRODUCER_SITE;
      expect(await allowed(t.app)).toBe(true);
      expect(await allowed(other)).toBe(true);
      // The storefront's own origin stays allowed, an unknown one never is.
      expect((await preflight(t.app, STOREFRONT)).headers['access-control-allow-origin']).toBe(STOREFRONT);
      expect(
        (await preflight(t.app, 'https://golpe.example')).headers['access-control-allow-origin'],
      ).toBeUndefined();

      const grant = () =>
        t.app.inject({
          method: 'POST',
          url: '/auth/embed-token',
          headers: { ...bearer(owner.token), origin: STOREFRONT },
          payload: { origin: PRODUCER_SITE },
        });
      expect((await grant()).statusCode).toBe(200);
      // The storefront's card frame asks the same question before letting a page frame it.
      const check = async (origin: string) =>
        (await t.app.inject({ url: `/embedding-origins/check?origin=${encodeURIComponent(origin)}` })).json();
      expect(await check(PRODUCER_SITE)).toEqual({ allowed: true });
      expect(await check(STOREFRONT)).toEqual({ allowed: true });
      expect(await check('https://golpe.example')).toEqual({ allowed: false });
      expect(await check(`${PRODUCER_SITE}/pagina`)).toEqual({ allowed: false });

      expect((await setSites(owner, ['https://loja.biaproducoes.example'])).statusCode).toBe(200);
      // The change is announced at commit; each host drops its copy when the notice arrives.
      await expect.poll(() => allowed(other), { timeout: 5000 }).toBe(false);
      await expect.poll(() => allowed(t.app), { timeout: 5000 }).toBe(false);
      expect((await grant()).statusCode).toBe(400);
      expect(await check(PRODUCER_SITE)).toEqual({ allowed: false });
    } finally {
      await other.close();
    }
  });
});
