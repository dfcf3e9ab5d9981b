import type { FastifyInstance } from 'fastify';
import accounts from './accounts/index.ts';
import customer from './customer/index.ts';
import dev from './dev/index.ts';
import health from './health/index.ts';
import payments from './payments/index.ts';
import tickets from './tickets/index.ts';

/** Every resource's routes, one plugin per folder. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(health);
  await app.register(payments);
  await app.register(tickets);
  await app.register(accounts);
  await app.register(customer);
  await app.register(dev);
}
