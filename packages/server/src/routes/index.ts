import type { FastifyInstance } from 'fastify';
import health from './health/index.ts';

/** Every resource's routes, one plugin per folder. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(health);
}
