import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE, IMMUTABLE, REVALIDATE, staticCacheControl } from './static-assets.ts';

describe('staticCacheControl', () => {
  it('keeps hashed files for a year without revalidating', () => {
    expect(staticCacheControl('/_astro/client.DlF8eg1o.js')).toBe(IMMUTABLE);
    expect(staticCacheControl('/embed/chunks/core.AbC123.js')).toBe(IMMUTABLE);
    expect(staticCacheControl('/embed/v1/chunks/core.AbC123.js')).toBe(IMMUTABLE);
  });

  it('revalidates the loader soon, on both paths', () => {
    expect(staticCacheControl('/embed/plateia.js')).toMatch(/^public, max-age=300\b/);
    expect(staticCacheControl('/embed/v1/plateia.js')).toMatch(/^public, max-age=86400\b/);
    expect(staticCacheControl('/embed/plateia.js')).not.toContain('immutable');
  });

  it('revalidates unhashed public files on every use', () => {
    for (const path of ['/tickets-sw.js', '/favicon.svg', '/robots.txt', '/images/evento.svg'])
      expect(staticCacheControl(path)).toBe(REVALIDATE);
  });
});

describe('COMPRESSIBLE', () => {
  it('takes text and WebAssembly, not images already compressed', () => {
    for (const file of ['a.js', 'a.css', 'a.svg', 'a.wasm', 'a.json'])
      expect(COMPRESSIBLE.test(file)).toBe(true);
    for (const file of ['a.png', 'a.jpg', 'a.webp', 'a.woff2', 'a.js.br', 'a.js.gz'])
      expect(COMPRESSIBLE.test(file)).toBe(false);
  });
});
