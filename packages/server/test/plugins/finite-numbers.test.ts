import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeNumberField } from '../../src/plugins/finite-numbers.ts';
import { bearer, createCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// ajv coerces the text "1e309" or "Infinity" to ±Infinity and then skips `minimum` and
// `maximum`: each of these answered 500 from a failed query before the hook.
const NON_FINITE = ['1e309', '-1e309', 'Infinity', '-Infinity', 'NaN'];
const PATHS = [
  (n: string) => `/events?page=${n}`,
  (n: string) => `/events?limit=${n}`,
  (n: string) => `/events/${n}/meia-entrada`,
  (n: string) => `/seat/maps/${n}`,
  (n: string) => `/seat/sections/${n}/pricing`,
  (n: string) => `/payments/${n}/status`,
];

describe('numbers a double cannot hold', () => {
  let test: TestApp;
  let token: string;
  beforeAll(async () => {
    test = await createTestApp();
    token = (await createCustomer(test.database.db, { email: 'numeros@example.com' })).token;
  });
  afterAll(() => test.close());

  it.each(PATHS.flatMap((path) => NON_FINITE.map((n) => path(n))))(
    'GET %s answers 400 in pt-BR',
    async (url) => {
      const response = await test.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toMatch(/inválid/);
    },
  );

  it('a JSON body with 1e309 is refused, not read as Infinity', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/cart/reserve',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"eventId":1e309,"items":[]}',
    });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('finds the field of a non-finite or unsafe number, at any depth', () => {
    expect(unsafeNumberField({ a: 1, b: 'Infinity', c: [1, 2] })).toBeNull();
    expect(unsafeNumberField({ page: Number.POSITIVE_INFINITY })).toBe('page');
    expect(unsafeNumberField({ items: [{ quantity: 2 ** 60 }] })).toBe('quantity');
    expect(unsafeNumberField({ x: Number.NaN })).toBe('x');
    expect(unsafeNumberField(new Uint8Array([1, 2]))).toBeNull();
  });
});
