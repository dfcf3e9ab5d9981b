/**
 * Origins on the boundary between the storefront and producers' pages (docs/security.md
 * "Contas em páginas de produtores"): which origin a value names exactly, and which
 * storefront a page embedding the elements belongs to. Shared by the elements, the
 * storefront's popup and frame pages, and the API host.
 */

declare global {
  /**
   * The storefront's address, for a page that bundles the elements itself (no script-tag
   * loader) on its own origin: set it before the elements load, beside `PLATEIA_API_URL`.
   */
  var PLATEIA_SITE_URL: string | undefined;
}

/** `value` when it is an exact http(s) origin (no path, query, user or fragment), else null. */
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
 * The storefront's address as this page knows it: the loader's `Plateia.base`, else
 * `PLATEIA_SITE_URL`; undefined where neither is a string.
 */
export function knownStorefront(): string | undefined {
  const base = (globalThis as { Plateia?: { base?: unknown } }).Plateia?.base;
  const address = base ?? globalThis.PLATEIA_SITE_URL;
  return typeof address === 'string' && address ? address : undefined;
}

/**
 * The storefront's origin when this page is a producer's: the script-tag loader's address
 * (`Plateia.base`, the storefront serving `plateia.js`) or, for elements bundled into the
 * page, `PLATEIA_SITE_URL` names another http(s) origin than the page's. Null on the
 * storefront itself, on the server, and where neither is set.
 */
export function embeddingStorefront(
  pageOrigin: string | undefined = (globalThis as { location?: { origin?: string } }).location?.origin,
  address: unknown = knownStorefront(),
): string | null {
  if (typeof address !== 'string' || !address || !pageOrigin) return null;
  let storefront: string | null;
  try {
    storefront = exactOrigin(new URL(address).origin);
  } catch {
    return null;
  }
  return storefront && storefront !== pageOrigin ? storefront : null;
}
