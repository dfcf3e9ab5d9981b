/**
 * Where the storefront is, for the elements on a producer's page: the script-tag loader's
 * address (`Plateia.base`, the storefront serving `plateia.js`). The login popup and the card
 * frame (docs/security.md) open storefront pages named by the page's origin and a nonce, and
 * read only messages from that origin. No dependency beyond the DOM: the storefront's popup
 * and frame pages import this file too.
 */

/** A nonce names one popup or frame: 32 hex digits. */
export const NONCE = /^[0-9a-f]{32}$/;

/** `value` when it is an exact http(s) origin (no path, query or user), else null. */
export function exactOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The storefront's origin when the page is a producer's: the loader's address names another
 * origin than the page's. Null on the storefront itself and without the loader (elements
 * bundled into the page: no storefront is known).
 */
export function embedStorefront(
  pageOrigin: string = globalThis.location?.origin ?? '',
  base: string | undefined = (globalThis as { Plateia?: { base?: string } }).Plateia?.base,
): string | null {
  if (!base) return null;
  let storefront: string;
  try {
    storefront = new URL(base).origin;
  } catch {
    return null;
  }
  if (!exactOrigin(storefront) || storefront === pageOrigin) return null;
  return storefront;
}

/** A fresh nonce (`getRandomValues` works on plain-http pages too). */
export function newNonce(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** The storefront page at `path` for a page at `pageOrigin`, named by `nonce`. */
export function storefrontPageUrl(
  storefront: string,
  path: string,
  pageOrigin: string,
  nonce: string,
): string {
  const url = new URL(path, storefront);
  url.searchParams.set('origin', pageOrigin);
  url.searchParams.set('nonce', nonce);
  return url.href;
}
