import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('compressed answers (Accept-Encoding)', () => {
  let t: TestApp;
  let plain: string;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    plain = res.body;
  });
  afterAll(() => t.close());

  it('sends JSON uncompressed to a client that asks for no encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(plain.length).toBeGreaterThan(10_000);
    expect(JSON.parse(plain).openapi).toBe('3.1.0');
  });

  it('prefers brotli, and names Accept-Encoding in Vary', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain);
  });

  it('falls back to gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain);
  });

  it('leaves small answers alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
