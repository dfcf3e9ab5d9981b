import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedBody } from '../../seat-map/cache.ts';

// Layouts are public and change rarely; statuses are never cached (separate call).
const MAP_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/**
 * Sends a cached layout with its ETag: 304 when the client already has it, the stored
 * gzip body when the client accepts gzip, the plain body otherwise.
 */
export function sendCachedLayout(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedBody,
): FastifyReply {
  reply
    .header('etag', entry.etag)
    .header('cache-control', MAP_CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (
    typeof match === 'string' &&
    match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)
  ) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const accepts = request.headers['accept-encoding'];
  if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}
