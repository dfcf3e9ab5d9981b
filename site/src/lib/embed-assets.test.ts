import { describe, expect, it } from 'vitest';
import { cacheControlFor, etagOf, resolveEmbedPath } from './embed-assets.ts';

const files = new Set(['plateia.js', 'login.js', 'chunks/login-Ab12.js']);

describe('resolveEmbedPath', () => {
  it('serves the loader at the plain and the major-version path', () => {
    expect(resolveEmbedPath('plateia.js', files)).toEqual({ file: 'plateia.js', versioned: false });
    expect(resolveEmbedPath('v1/plateia.js', files)).toEqual({ file: 'plateia.js', versioned: true });
    expect(resolveEmbedPath('v1/chunks/login-Ab12.js', files)).toEqual({
      file: 'chunks/login-Ab12.js',
      versioned: true,
    });
  });

  it('refuses unknown files, other versions and path tricks', () => {
    expect(resolveEmbedPath('nothing.js', files)).toBeNull();
    expect(resolveEmbedPath('v2/plateia.js', files)).toBeNull();
    expect(resolveEmbedPath('v1/../plateia.js', files)).toBeNull();
    expect(resolveEmbedPath('chunks//login-Ab12.js', files)).toBeNull();
    expect(resolveEmbedPath('', files)).toBeNull();
  });
});

describe('cacheControlFor', () => {
  it('makes hashed chunks immutable, the versioned loader day-long and the plain loader short', () => {
    expect(cacheControlFor('chunks/login-Ab12.js', false)).toContain('immutable');
    expect(cacheControlFor('plateia.js', true)).toContain('max-age=86400');
    expect(cacheControlFor('plateia.js', false)).toContain('max-age=300');
  });
});

describe('etagOf', () => {
  it('is stable for the same content and differs for other content', () => {
    expect(etagOf('a')).toBe(etagOf('a'));
    expect(etagOf('a')).not.toBe(etagOf('b'));
    expect(etagOf('abc')).toMatch(/^"[0-9a-f]+-3"$/);
  });
});
