import { counterKey, type RateLimitCounters } from './counters.ts';

/** The callback @fastify/rate-limit hands a store. */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The route options @fastify/rate-limit passes to `child` (only what naming needs). */
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string } | undefined;
}

const routeOf = (params: unknown): RouteParams['routeInfo'] =>
  typeof params === 'object' && params !== null ? (params as RouteParams).routeInfo : undefined;

/**
 * A store for @fastify/rate-limit that keeps each route's per-address counters in the
 * shared counters (PostgreSQL or Redis), so `config.rateLimit` on a route limits across
 * every API process. @fastify/rate-limit builds it with `new Store(globalParams)` and asks
 * `child(routeOptions)` for each limited route; the route's method and path name its
 * counters, so two routes never share one.
 */
export function sharedRouteStore(counters: RateLimitCounters, onError: (error: unknown) => void) {
  return class SharedRouteStore {
    readonly #prefix: string;

    constructor(params?: unknown) {
      const route = routeOf(params);
      const method = [route?.method ?? 'ANY'].flat().join(',');
      this.#prefix = `route:${method}:${route?.url ?? '*'}`;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      const limiter = counters.limiter({
        prefix: this.#prefix,
        points: max,
        durationSeconds: Math.max(1, Math.ceil(timeWindow / 1000)),
      });
      // penalty counts without refusing: @fastify/rate-limit compares the count with max.
      limiter.penalty(counterKey(key), 1).then(
        (res) => callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
        (error: unknown) => {
          onError(error);
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }

    child(routeOptions: unknown): SharedRouteStore {
      return new SharedRouteStore(routeOptions);
    }
  };
}
