import type { FastifyInstance } from 'fastify';
import accounts from './accounts/index.ts';
import auth from './auth/index.ts';
import cart from './cart/index.ts';
import chat from './chat/index.ts';
import checkIn from './check-in/index.ts';
import courtesy from './courtesy/index.ts';
import customer from './customer/index.ts';
import dev from './dev/index.ts';
import events from './events/index.ts';
import friends from './friends/index.ts';
import health from './health/index.ts';
import payments from './payments/index.ts';
import pixel from './pixel/index.ts';
import producerApplications from './producer-applications/index.ts';
import refunds from './refunds/index.ts';
import resale from './resale/index.ts';
import seatHold from './seat-hold/index.ts';
import seatMap from './seat-map/index.ts';
import sessions from './sessions/index.ts';
import support from './support/index.ts';
import tickets from './tickets/index.ts';
import wallet from './wallet/index.ts';

/** Every resource's routes, one plugin per folder. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(health);
  await app.register(events);
  await app.register(seatMap);
  await app.register(seatHold);
  await app.register(cart);
  await app.register(pixel);
  await app.register(courtesy);
  await app.register(payments);
  await app.register(refunds);
  await app.register(tickets);
  await app.register(resale);
  await app.register(checkIn);
  await app.register(accounts);
  await app.register(auth);
  await app.register(customer);
  await app.register(sessions);
  await app.register(dev);
  await app.register(friends);
  await app.register(chat);
  await app.register(support);
  await app.register(producerApplications);
  await app.register(wallet);
}
