import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openSession } from '../../src/accounts/sessions.ts';
import { type CreatedEvent, createEvent, type EventInput } from '../../src/catalogue/create.ts';
import type { Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';

/** A customer with a live session token. */
export interface TestCustomer {
  id: number;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** Creates a verified customer (producer when `isadmin` is '1') and logs them in. */
export async function createCustomer(
  db: Database,
  email: string,
  isadmin: '0' | '1' = '0',
): Promise<TestCustomer> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO customers (email, salt, isadmin, email_verified_at) VALUES (${email}, 'salt', ${isadmin}, now())
        RETURNING id`,
  );
  const token = await openSession(db, row!.id, new Date());
  return { id: row!.id, email, token, auth: { authorization: `Bearer ${token}` } };
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A general-admission festival a month ahead: "Pista" (one lot), "Pista Premium", a camarote,
 * products, coupons. Each type has a single lot, so each sells on its own; lot turnover
 * ("virada de lote") has its own events in lot-turnover.test.ts.
 */
export function festivalInput(slug = 'festival-teste', producerId: number | null = null): EventInput {
  const startsAt = new Date(Date.now() + 30 * DAY);
  return {
    slug,
    name: 'Festival de Teste',
    description: 'Um festival para os testes.',
    venue: 'Parque da Cidade',
    city: 'São Paulo',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 10 * 60 * 60 * 1000),
    producerId,
    pixel: 'px-festival',
    lots: [
      { name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: 5, perOrderLimit: 4 },
      { name: 'Pista Premium', nNumber: 1, priceCents: 12_000, quantity: 100, perOrderLimit: 10 },
      { name: 'Camarote', nNumber: 1, priceCents: 30_000, quantity: 20, perOrderLimit: 6 },
    ],
    products: [
      { name: 'Copo oficial', priceCents: 2_500, stock: 3 },
      { name: 'Camiseta', priceCents: 8_000, stock: 50 },
    ],
    coupons: [
      { code: 'PLATEIA10', kind: 'percent', value: 1000 },
      { code: 'MENOS20', kind: 'fixed', value: 2_000, usageLimit: 1 },
      { code: 'VENCIDO', kind: 'percent', value: 5000, validUntil: new Date(Date.now() - DAY) },
    ],
  };
}

/** A small seated theatre: two grid sections and a section of tables of four. */
export function theatreInput(slug = 'teatro-teste', producerId: number | null = null): EventInput {
  const startsAt = new Date(Date.now() + 20 * DAY);
  return {
    slug,
    name: 'Peça de Teste',
    venue: 'Teatro Municipal',
    city: 'Rio de Janeiro',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 60 * 60 * 1000),
    producerId,
    sections: [
      {
        name: 'Plateia A',
        x: 0,
        y: 20,
        rows: 3,
        seatsPerRow: 5,
        lots: [
          { name: 'Plateia A - Inteira', priceCents: 15_000, quantity: 0 },
          { name: 'Plateia A - Meia-entrada', priceCents: 7_500, quantity: 0 },
        ],
      },
      {
        name: 'Balcão',
        x: 0,
        y: 80,
        rows: 2,
        seatsPerRow: 4,
        lots: [{ name: 'Balcão', priceCents: 8_000, quantity: 0 }],
      },
      {
        name: 'Mesas',
        x: 100,
        y: 20,
        tables: 2,
        seatsPerTable: 4,
        lots: [{ name: 'Mesa (por lugar)', priceCents: 5_000, quantity: 0 }],
      },
    ],
  };
}

/** Creates an event from one of the inputs above. */
export function seedEvent(db: Database, input: EventInput): Promise<CreatedEvent> {
  return createEvent(db, input);
}

/** The seat ids of a section, in layout order. */
export async function sectionSeatIds(db: Database, sectionId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM seats WHERE section_id = ${sectionId} ORDER BY sort, id`,
  );
  return rows.map((row) => row.id);
}

/** A fresh browser session id. */
export const newSessionId = (): string => randomUUID();

/** Moves every live reservation and hold of an event past its expiry, as if 15 minutes went by. */
export async function expireEverything(db: Database, eventId: number): Promise<void> {
  await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second'
                       WHERE event_id = ${eventId} AND status = 'reserved'`);
  await db.execute(sql`UPDATE seats SET held_until = now() - interval '1 second'
                       WHERE event_id = ${eventId} AND held_until IS NOT NULL`);
  await db.execute(sql`UPDATE resale_listings SET reserved_until = now() - interval '1 second'
                       WHERE event_id = ${eventId} AND reserved_until IS NOT NULL`);
}

/** POSTs JSON through the app in-process. */
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and asserted field by field.
type Loose = any;
export async function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Loose }> {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
