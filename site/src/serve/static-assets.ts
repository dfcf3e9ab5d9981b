/**
 * How the storefront's build is served (docs/site.md, "Serving"): which files get
 * precompressed copies at build time and how long browsers may keep each kind.
 */
import { EMBED_MAJOR_PATH, cacheControlFor as embedCacheControl } from '../lib/embed-assets.ts';

/** Content-hashed files: a new build writes new names, so a copy never goes stale. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays the same across builds: kept, but checked (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/** Files worth compressing (text and WebAssembly; images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm|map)$/;
/** Below this size a compressed copy saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * `Cache-Control` of a static file by its URL path: Astro's `/_astro/*` (hashed names)
 * immutable for a year; the widgets' script-tag build under `/embed/` by its own rules
 * (hashed chunks immutable, the loader and element entries revalidated after a short
 * max-age); everything else in `public/` (service workers, robots.txt, images) revalidated.
 */
export function staticCacheControl(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return IMMUTABLE;
  if (pathname.startsWith('/embed/')) {
    const rest = pathname.slice('/embed/'.length);
    const versionPrefix = `${EMBED_MAJOR_PATH}/`;
    const versioned = rest.startsWith(versionPrefix);
    return embedCacheControl(versioned ? rest.slice(versionPrefix.length) : rest, versioned);
  }
  return REVALIDATE;
}

/** Headers every file of the script-tag build carries: producer pages on any origin import them. */
export const EMBED_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
};
