/**
 * The storefront pages the elements open on a producer's page: the login popup and the card
 * frame (docs/security.md) are named by the page's origin and a nonce, and only messages
 * from the storefront's origin (core's `embeddingStorefront`) are read. The storefront's
 * popup and frame pages import this file too.
 */

import { knownStorefront } from '@plateia/core/rules/origin';

export { embeddingStorefront, exactOrigin } from '@plateia/core/rules/origin';

/** A nonce names one popup or frame: 32 hex digits. */
export const NONCE = /^[0-9a-f]{32}$/;

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

/**
 * A storefront page (`/fila/3`, `/pagamento-compartilhado/31`) as a full address: against the
 * storefront the page names (the loader's `Plateia.base`, or `PLATEIA_SITE_URL`), else
 * against the page itself (the storefront's own pages).
 */
export function storefrontPage(path: string): string {
  return new URL(path, knownStorefront() ?? document.baseURI).href;
}
