import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

const TOO_LARGE = 'O conteúdo enviado é grande demais.';
// The smallest valid PNG: the upload checks the content, not only the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('body limit', () => {
  let t: TestApp;
  let ana: TestCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana.corpo@example.com' });
  });
  afterAll(() => t.close());

  it('refuses bodies over 64 KB on ordinary routes with a pt-BR 413', async () => {
    const padding = 'x'.repeat(70 * 1024);
    for (const [url, payload] of [
      ['/seat/hold', { eventId: 1, seatIds: [1], sessionId: 'sessao-grande-1', padding }],
      ['/customer/add', { user: 'grande@example.com', profession_details: padding }],
      ['/pixel/add', { hash: padding, ismobile: 0, evtid: 1, tipo: 3 }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().message).toBe(TOO_LARGE);
    }
  });

  it('still takes a document of several megabytes on the upload route', async () => {
    const file = Buffer.alloc(3 * 1024 * 1024);
    PNG.copy(file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/customer-upload-document',
      headers: bearer(ana.token),
      payload: {
        customerId: ana.id,
        documentType: 'document',
        fileName: 'rg.png',
        fileBase64: file.toString('base64'),
      },
    });
    expect(res.statusCode).toBe(200);
  });
});
