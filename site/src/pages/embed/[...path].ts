import type { APIRoute } from 'astro';
import { cacheControlFor, etagOf, resolveEmbedPath } from '../../lib/embed-assets.ts';

/**
 * The widgets' script-tag bundle, taken from `packages/widgets/dist/embed` when the
 * storefront is built (the workspace builds the widgets first) and served with cache and
 * cross-origin headers suited to producer pages on other sites.
 */
const files = import.meta.glob('../../../../packages/widgets/dist/embed/**/*.js', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const PREFIX = '../../../../packages/widgets/dist/embed/';
const bundle = new Map(Object.entries(files).map(([key, body]) => [key.slice(PREFIX.length), body]));
const available = new Set(bundle.keys());
const etags = new Map([...bundle].map(([file, body]) => [file, etagOf(body)]));

export const GET: APIRoute = ({ params, request }) => {
  const resolved = resolveEmbedPath(params.path ?? '', available);
  if (!resolved) {
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'access-control-allow-origin': '*' },
    });
  }
  const etag = etags.get(resolved.file) ?? '';
  const headers = {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': cacheControlFor(resolved.file, resolved.versioned),
    etag,
    // Producer pages on any origin load the loader and import its modules (CORS is required
    // for module scripts).
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(bundle.get(resolved.file), { status: 200, headers });
};
