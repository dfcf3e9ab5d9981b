/**
 * Serving rules for the widgets' script-tag build (docs/widgets.md): the loader at
 * `/embed/plateia.js` and at the major-version path `/embed/v1/plateia.js`, with the
 * element modules and chunks beside it.
 */

/** Major version of the public embed API, the `v1` in `/embed/v1/plateia.js`. */
export const EMBED_MAJOR_PATH = 'v1';

/** One file of the bundle, keyed by its path relative to the bundle's root. */
export interface EmbedAsset {
  body: string;
  etag: string;
  cacheControl: string;
}

/**
 * Cache policy per path: content-hashed chunks never change, so they are immutable; the
 * major-version path may only receive compatible updates, so it is cached for a day; the
 * unversioned path always follows the latest build, so it is revalidated every 5 minutes.
 */
export function cacheControlFor(relativePath: string, versioned: boolean): string {
  if (relativePath.startsWith('chunks/')) return 'public, max-age=31536000, immutable';
  if (versioned) return 'public, max-age=86400, stale-while-revalidate=604800';
  return 'public, max-age=300, stale-while-revalidate=86400';
}

/**
 * Maps a request path under `/embed/` (`v1/plateia.js`, `chunks/x.js`) to the bundle file
 * it names, or `null`. Only plain relative names are accepted: no `..`, no empty segments.
 */
export function resolveEmbedPath(
  requested: string,
  available: ReadonlySet<string>,
): { file: string; versioned: boolean } | null {
  const versionPrefix = `${EMBED_MAJOR_PATH}/`;
  const versioned = requested.startsWith(versionPrefix);
  const file = versioned ? requested.slice(versionPrefix.length) : requested;
  const segments = file.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return null;
  return available.has(file) ? { file, versioned } : null;
}

/** A strong ETag from the file's content (FNV-1a, enough to tell builds apart). */
export function etagOf(body: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) {
    hash ^= body.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `"${(hash >>> 0).toString(16)}-${body.length.toString(16)}"`;
}
