import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { Queryable } from '../db/sql.ts';
import { RateLimiterSql } from './sql-store.ts';

/** What one limiter counts: `points` per `durationSeconds`, per key, under `prefix`. */
export interface LimiterOptions {
  /** Names the counter family (`login-account`, `seat-hold-address`, a route, ...). */
  prefix: string;
  points: number;
  durationSeconds: number;
}

/**
 * Where rate-limit counters live: PostgreSQL (or PGlite) by default, Redis when `REDIS_URL`
 * is set. Either way every API process on the same database or Redis shares them.
 */
export interface RateLimitCounters {
  /** `'sql'` or `'redis'`: what the counters are kept in. */
  readonly kind: 'sql' | 'redis';
  /** A rate-limiter-flexible limiter over the shared store (one per prefix, cached). */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** Opens the counters: Redis at `redisUrl` when given, else the database's `rate_limit_counters`. */
export function openRateLimitCounters(options: {
  db: Queryable;
  redisUrl?: string | undefined;
  /** Put before every Redis key (deployments, or test runs, sharing one Redis stay apart). */
  redisKeyPrefix?: string;
  onStoreError?: (error: unknown) => void;
}): RateLimitCounters {
  const cache = new Map<string, RateLimiterAbstract>();
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // Fail fast instead of queueing while Redis is away: the insurance limiter answers.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : null;
  redis?.on('error', (error) => options.onStoreError?.(error));
  const build = (limit: LimiterOptions): RateLimiterAbstract => {
    const common = { keyPrefix: limit.prefix, points: limit.points, duration: limit.durationSeconds };
    if (!redis) return new RateLimiterSql(options.db, common);
    return new RateLimiterRedis({
      ...common,
      keyPrefix: `${options.redisKeyPrefix ?? 'plateia'}:${limit.prefix}`,
      storeClient: redis,
      rejectIfRedisNotReady: true,
      // While Redis is unreachable each process counts alone, rather than not at all.
      insuranceLimiter: new RateLimiterMemory(common),
    });
  };
  return {
    kind: redis ? 'redis' : 'sql',
    limiter(limit) {
      const id = `${limit.prefix}|${limit.points}|${limit.durationSeconds}`;
      let found = cache.get(id);
      if (!found) {
        found = build(limit);
        cache.set(id, found);
      }
      return found;
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The stored form of a limited key: a digest, so addresses, e-mails and session tokens
 * never sit in the counters table or in Redis as they are.
 */
export function counterKey(...parts: (string | number)[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27);
}
