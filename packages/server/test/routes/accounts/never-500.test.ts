import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';

// Junk a careless or hostile client might send in place of any JSON field.
const JUNK: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  ' ',
  'x'.repeat(5000),
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE customers; --",
  '\u0000\u0001',
  '😀'.repeat(50),
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
];

// Junk for path segments.
const SEGMENTS = ['%00', '..%2F..%2Fetc', '%E0%A4%A', 'a'.repeat(600), '%20', "'%20OR%201=1", '😀'];

describe('account routes never answer 500 to bad input', () => {
  let t: TestApp;
  let ana: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com' });
  });
  afterAll(() => t.close());

  const expectClientError = (res: { statusCode: number; body: string }, label: string) => {
    expect(res.statusCode, `${label} -> ${res.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, label).toBeLessThan(500);
    const body = JSON.parse(res.body) as { message?: unknown };
    expect(typeof body.message, label).toBe('string');
  };

  it('JSON bodies with junk in every field', async () => {
    const routes: { url: string; base: Record<string, unknown>; auth: boolean }[] = [
      {
        url: '/customer/add',
        base: { user: 'novo@example.com', namef: 'Novo', pw: 'segredo123' },
        auth: false,
      },
      { url: '/customer/edit', base: { id: ana.id, namef: 'Ana' }, auth: true },
      {
        url: '/customer-upload-document',
        base: { customerId: ana.id, documentType: 'document', fileBase64: 'JVBERi0xLjQK', fileName: 'a.pdf' },
        auth: true,
      },
    ];
    for (const route of routes) {
      for (const field of Object.keys(route.base)) {
        for (const junk of JUNK) {
          const payload = { ...route.base, [field]: junk };
          const res = await t.app.inject({
            method: 'POST',
            url: route.url,
            payload,
            headers: route.auth ? bearer(ana.token) : {},
          });
          const label = `${route.url} ${field}=${JSON.stringify(junk)?.slice(0, 30)}`;
          expect(res.statusCode, `${label} -> ${res.body.slice(0, 120)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expectClientError(res, label);
        }
      }
      for (const raw of ['null', '[]', '"x"', '{', '{"a":1}'.repeat(2)]) {
        const res = await t.app.inject({
          method: 'POST',
          url: route.url,
          payload: raw,
          headers: { 'content-type': 'application/json', ...(route.auth ? bearer(ana.token) : {}) },
        });
        expectClientError(res, `${route.url} raw ${raw}`);
      }
    }
  });

  it('path segments with junk', async () => {
    const urls = (s: string) => [
      `/getsalt/${s}/uuid`,
      `/getsalt/ana@example.com/${s}`,
      `/login/${s}/${'a'.repeat(32)}/uuid/salt`,
      `/login/ana@example.com/${s}/uuid/salt`,
      `/login/ana@example.com/${'a'.repeat(32)}/${s}/salt`,
      `/login/ana@example.com/${'a'.repeat(32)}/uuid/${s}`,
      `/pwrecovery/${s}`,
      `/recovery/${s}/${'a'.repeat(32)}`,
      `/recovery/${'a'.repeat(43)}/${s}`,
      `/customer/verify/${s}`,
    ];
    for (const segment of SEGMENTS) {
      for (const url of urls(segment)) {
        const res = await t.app.inject({ method: 'POST', url });
        expectClientError(res, url.slice(0, 80));
      }
      const doc = await t.app.inject({ url: `/customer/document/${segment}`, headers: bearer(ana.token) });
      expectClientError(doc, `document ${segment.slice(0, 20)}`);
      const google = await t.app.inject({ url: `/auth/google/callback?state=${segment}&code=${segment}` });
      expect(google.statusCode).toBe(302);
    }
  });
});
