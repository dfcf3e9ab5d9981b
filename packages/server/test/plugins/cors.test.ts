import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('CORS for the storefront and embedding origins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lets a page send a share link's token and the other request headers the clients use", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/shared-payments/payment/1',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-share-token',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    for (const header of ['authorization', 'idempotency-key', 'x-queue-pass', 'x-share-token'])
      expect(allowed).toContain(header);
  });
});
