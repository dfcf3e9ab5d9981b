import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createEvent } from '../catalogue/create.ts';
import type { Database } from '../db/client.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A high-demand event whose waiting room is open and whose sale starts `saleInSeconds` from
 * `now` (development only: `POST /dev/queue/events`, used by the end-to-end test and to replay
 * the demo's shuffle at will).
 */
export async function createDemoQueueEvent(
  db: Database,
  input: { saleInSeconds: number; capacity?: number; now: Date },
): Promise<{ eventId: number; slug: string }> {
  const slug = `fila-demo-${randomBytes(4).toString('hex')}`;
  const startsAt = new Date(input.now.getTime() + 30 * DAY);
  const event = await createEvent(db, {
    slug,
    name: 'Show de Alta Procura (demonstração)',
    description: 'Evento de demonstração da fila virtual.',
    venue: 'Arena Demonstração',
    city: 'São Paulo - SP',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 4 * 60 * 60 * 1000),
    lots: [{ name: 'Pista', nNumber: 1, priceCents: 15_000, quantity: 500, perOrderLimit: 4 }],
  });
  await db.execute(
    sql`UPDATE events SET high_demand = true, queue_opens_at = ${new Date(input.now.getTime() - DAY)},
          queue_sale_starts_at = ${new Date(input.now.getTime() + input.saleInSeconds * 1000)},
          checkout_capacity = ${input.capacity ?? 50}
        WHERE id = ${event.id}`,
  );
  return { eventId: event.id, slug };
}
