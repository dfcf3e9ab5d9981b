import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** CORS for the storefront and embedding origins, security headers, and rate limiting (opt-in per route). */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    maxAge: 600,
  });
  await app.register(helmet, {
    // The API answers JSON; the storefront sets its own page policy.
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // Only routes that set `config.rateLimit` are limited (authentication routes).
  await app.register(rateLimit, { global: false });
}
