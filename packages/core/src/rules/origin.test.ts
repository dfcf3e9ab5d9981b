import { afterEach, describe, expect, it } from 'vitest';
import { embeddingStorefront, exactOrigin } from './origin.ts';

const STOREFRONT = 'https://plateia.example';
const PRODUCER = 'https://produtora.example';

afterEach(() => {
  globalThis.PLATEIA_SITE_URL = undefined;
  delete (globalThis as { Plateia?: unknown }).Plateia;
});

describe('exactOrigin', () => {
  it('keeps an http(s) origin written exactly and refuses anything more or other', () => {
    expect(exactOrigin(STOREFRONT)).toBe(STOREFRONT);
    expect(exactOrigin('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    for (const value of [
      `${STOREFRONT}/`,
      `${STOREFRONT}/loja`,
      `${STOREFRONT}?x=1`,
      'https://ana@plateia.example',
      'HTTPS://plateia.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'null',
      '',
      null,
      undefined,
    ])
      expect(exactOrigin(value)).toBeNull();
  });
});

describe('embeddingStorefront', () => {
  it("names the storefront from the loader's address on another origin", () => {
    expect(embeddingStorefront(PRODUCER, `${STOREFRONT}/embed/v1/plateia.js`)).toBe(STOREFRONT);
    expect(embeddingStorefront(STOREFRONT, `${STOREFRONT}/embed/v1/plateia.js`)).toBeNull();
    expect(embeddingStorefront(PRODUCER, undefined)).toBeNull();
    expect(embeddingStorefront(PRODUCER, 'not a url')).toBeNull();
    expect(embeddingStorefront(PRODUCER, 'data:text/javascript,1')).toBeNull();
    expect(embeddingStorefront(undefined, STOREFRONT)).toBeNull();
  });

  it('reads Plateia.base first, then PLATEIA_SITE_URL (elements bundled without the loader)', () => {
    expect(embeddingStorefront(PRODUCER)).toBeNull();
    globalThis.PLATEIA_SITE_URL = `${STOREFRONT}/`;
    expect(embeddingStorefront(PRODUCER)).toBe(STOREFRONT);
    (globalThis as { Plateia?: unknown }).Plateia = { base: 'https://outra.example/embed/v1/plateia.js' };
    expect(embeddingStorefront(PRODUCER)).toBe('https://outra.example');
  });
});
