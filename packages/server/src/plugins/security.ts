import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type EmbeddingOrigins, embeddingOrigins } from '../organisations/origins.ts';
import { RateLimitedError } from '../rate-limits/backoff.ts';
import { openRateLimitCounters, type RateLimitCounters } from '../rate-limits/counters.ts';
import { sharedRouteStore } from '../rate-limits/route-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate-limit counters every API process shares (database, or Redis with REDIS_URL). */
    rateLimits: RateLimitCounters;
    /** `CORS_ORIGINS` plus every organisation's sites (organisations/origins.ts). */
    embeddingOrigins: EmbeddingOrigins;
  }
}

/**
 * Fastify's `trustProxy` for the configured `TRUST_PROXY`. A hop count becomes "trust the
 * first n hops" (Fastify refuses to trust on a bare number); addresses and CIDRs are
 * passed on; nothing configured trusts no one, so X-Forwarded-For is ignored.
 */
export function trustProxyOption(trusted: Config['trustProxy']): boolean | string[] | TrustProxyFunction {
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return trusted;
}

/** Fastify's trust function: whether the `hop`-th address (0 = the socket's peer) is a trusted proxy. */
type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * CORS for the storefront and embedding origins, security headers, and rate limiting:
 * per-address limits on the routes that set `config.rateLimit`, counted in the shared
 * store, and the counters the domains' own limits use (login, seat holds, card attempts).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const origins = embeddingOrigins(app.database.db, config.corsOrigins, app.log);
  app.decorate('embeddingOrigins', origins);
  app.addHook('onClose', async () => origins.close());
  await app.register(cors, {
    // The storefront and the operator's origins, and the sites producers list for their organisations.
    origin: (origin, callback) => {
      if (!origin) return callback(null, false);
      origins.allows(origin).then(
        (allowed) => callback(null, allowed),
        (error: unknown) => callback(error as Error, false),
      );
    },
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Queue-Pass', 'X-Share-Token'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(helmet, {
    // The API answers JSON; the storefront sets its own page policy.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  const counters = openRateLimitCounters({
    db: app.database.db,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    onStoreError: (error) => app.log.warn({ err: error }, 'rate-limit store unreachable'),
  });
  app.decorate('rateLimits', counters);
  app.addHook('onClose', async () => counters.close());

  // Only routes that set `config.rateLimit` are limited. A counter store that fails lets
  // the request through (logged): the per-account limits and the database still stand.
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    store: sharedRouteStore(counters, (error) => app.log.warn({ err: error }, 'rate-limit counter failed')),
  });

  // Domain limits throw RateLimitedError; the client learns how long to wait.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
}
