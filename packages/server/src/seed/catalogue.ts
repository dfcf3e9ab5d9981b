import { randomBytes } from 'node:crypto';
import { formatCount } from '@plateia/core/format/numbers';
import { sql } from 'drizzle-orm';
import { type CreatedEvent, createEvent, customerIdByEmail, type SectionInput } from '../catalogue/create.ts';
import type { Database } from '../db/client.ts';
import { selectRows, sqlState } from '../db/sql.ts';

/** The demo producer; the accounts seed creates the account. */
export const DEMO_PRODUCER_EMAIL = 'produtor@plateia.dev';
/** The demo customer who resells two tickets. */
export const DEMO_SELLER_EMAIL = 'cliente@plateia.dev';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Brasília's offset from UTC in hours: America/Sao_Paulo has kept UTC−3 all year since 2019. */
const BRASILIA_UTC_OFFSET = -3;

/**
 * A date `days` from now at `hour` o'clock on Brasília time (where the venues are), whatever
 * the server's zone, so the demo always looks current and a 20:00 show reads 20:00.
 */
function daysFromNow(days: number, hour: number): Date {
  // Shifted by the offset, the UTC fields read Brasília's wall clock: its calendar day.
  const wall = new Date(Date.now() + days * DAY + BRASILIA_UTC_OFFSET * HOUR);
  const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
  return new Date(midnight + (hour - BRASILIA_UTC_OFFSET) * HOUR);
}

/**
 * Runs one event's creation unless it exists; when another process starting at the same
 * moment created it first (unique slug violation), that is success too.
 */
async function once(
  db: Database,
  slug: string,
  create: () => Promise<unknown>,
  created: string[],
): Promise<void> {
  if (await exists(db, slug)) return;
  try {
    await create();
    created.push(slug);
  } catch (error) {
    if (sqlState(error) !== '23505') throw error;
  }
}

async function exists(db: Database, slug: string): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(db, sql`SELECT id FROM events WHERE slug = ${slug}`);
  return rows.length > 0;
}

/** Grid sections of a theatre with an "Inteira" and a "Meia-entrada" lot each. */
function theatreSection(
  name: string,
  x: number,
  y: number,
  rows: number,
  seatsPerRow: number,
  cents: number,
): SectionInput {
  return {
    name,
    x,
    y,
    rows,
    seatsPerRow,
    lots: [
      { name: `${name} - Inteira`, priceCents: cents, quantity: 0, perOrderLimit: 8 },
      { name: `${name} - Meia-entrada`, priceCents: Math.round(cents / 2), quantity: 0, perOrderLimit: 8 },
    ],
  };
}

/**
 * Creates the demo catalogue (README, "Demo logins"), skipping events that already exist, so it
 * can run on every start in development. The producer is produtor@plateia.dev when that
 * account exists; without it the events are created without a producer.
 */
export async function seedCatalogue(db: Database): Promise<string[]> {
  const producerId = await customerIdByEmail(db, DEMO_PRODUCER_EMAIL);
  const created: string[] = [];

  await once(
    db,
    'festival-sons-do-cerrado',
    async () => {
      const start = daysFromNow(24, 14);
      await createEvent(db, {
        slug: 'festival-sons-do-cerrado',
        name: 'Festival Sons do Cerrado',
        description:
          'Dois palcos, doze atrações e o pôr do sol mais bonito de Brasília. Área de alimentação, bar e espaço kids.',
        venue: 'Parque da Cidade',
        city: 'Brasília - DF',
        startsAt: start,
        endsAt: new Date(start.getTime() + 12 * HOUR),
        image: '/images/eventos/sons-do-cerrado.svg',
        producerId,
        pixel: 'px-sons-do-cerrado',
        lots: [
          {
            name: 'Pista',
            nNumber: 1,
            priceCents: 12_000,
            quantity: 300,
            perOrderLimit: 6,
            description: '1º lote',
          },
          {
            name: 'Pista',
            nNumber: 2,
            priceCents: 15_000,
            quantity: 500,
            perOrderLimit: 6,
            description: '2º lote',
          },
          {
            name: 'Pista',
            nNumber: 3,
            priceCents: 18_000,
            quantity: 500,
            perOrderLimit: 6,
            description: '3º lote',
            // Lot turnover by date: the 3º lote opens ten days before the festival, or when
            // the 2º sells out, whichever comes first (docs/buying.md).
            salesStart: daysFromNow(14, 12),
          },
          { name: 'Camarote Open Bar', nNumber: 1, priceCents: 42_000, quantity: 120, perOrderLimit: 4 },
        ],
        products: [
          {
            name: 'Copo oficial',
            priceCents: 2_500,
            stock: 400,
            description: 'Copo reutilizável de 500 ml.',
          },
          { name: 'Camiseta do festival', priceCents: 7_900, stock: 150 },
          { name: 'Estacionamento', priceCents: 4_000, stock: 250, perOrderLimit: 1 },
        ],
        coupons: [
          { code: 'PLATEIA10', kind: 'percent', value: 1000 },
          { code: 'BEMVINDO20', kind: 'fixed', value: 2_000, usageLimit: 100 },
        ],
        // Meia-entrada is the event's quota (40% of the tickets, plus 20), not a lot of its
        // own; state categories are the producer's choice (docs/meia-entrada.md).
        meia: {
          extra: 20,
          stateCategories: [
            {
              id: 'professor-df',
              label: 'Professor da rede pública do DF',
              documents: [
                'Contracheque ou carteira funcional da Secretaria de Educação do DF',
                'Documento de identidade com foto',
              ],
            },
          ],
        },
      });
    },
    created,
  );

  await once(
    db,
    'auto-da-compadecida',
    async () => {
      const start = daysFromNow(12, 20);
      // 600 + 600 + 450 + 250 + 30 tables × 4 = 2,020 seats.
      await createEvent(db, {
        slug: 'auto-da-compadecida',
        name: 'O Auto da Compadecida',
        description:
          'A peça de Ariano Suassuna em nova montagem. Classificação: 12 anos. Duração: 2h (com intervalo).',
        venue: 'Teatro Municipal',
        city: 'São Paulo - SP',
        startsAt: start,
        endsAt: new Date(start.getTime() + 2 * HOUR),
        image: '/images/eventos/auto-da-compadecida.svg',
        producerId,
        pixel: 'px-auto-da-compadecida',
        sections: [
          theatreSection('Plateia A', 0, 40, 20, 30, 18_000),
          theatreSection('Plateia B', 320, 40, 20, 30, 15_000),
          theatreSection('Balcão Nobre', 0, 300, 15, 30, 12_000),
          theatreSection('Balcão Simples', 320, 300, 10, 25, 8_000),
          {
            name: 'Mesas do Foyer',
            color: '#f59e0b',
            x: 640,
            y: 40,
            tables: 30,
            seatsPerTable: 4,
            lots: [{ name: 'Mesa (por lugar)', priceCents: 9_000, quantity: 0, perOrderLimit: 8 }],
          },
        ],
      });
    },
    created,
  );

  await once(
    db,
    'rock-nacional-ao-vivo',
    async () => {
      const start = daysFromNow(40, 21);
      const event = await createEvent(db, {
        slug: 'rock-nacional-ao-vivo',
        name: 'Rock Nacional ao Vivo',
        description: 'Ingressos esgotados: compre com segurança na revenda oficial da Plateia.',
        venue: 'Arena Lapa',
        city: 'Rio de Janeiro - RJ',
        startsAt: start,
        endsAt: new Date(start.getTime() + 4 * HOUR),
        image: '/images/eventos/rock-nacional.svg',
        producerId,
        pixel: 'px-rock-nacional',
        lots: [{ name: 'Pista', nNumber: 1, priceCents: 20_000, quantity: 400, perOrderLimit: 4 }],
      });
      await createResaleListings(db, event, [18_000, 21_000, 25_000]);
    },
    created,
  );

  await once(
    db,
    'show-alta-procura',
    async () => {
      const start = daysFromNow(60, 20);
      const event = await createEvent(db, {
        slug: 'show-alta-procura',
        name: 'Turnê Esgotada: Show Extra',
        description: 'Alta procura: as vendas são pela fila virtual, com sorteio verificável da pré-fila.',
        venue: 'Estádio Municipal',
        city: 'São Paulo - SP',
        startsAt: start,
        endsAt: new Date(start.getTime() + 4 * HOUR),
        producerId,
        pixel: 'px-show-alta-procura',
        lots: [{ name: 'Pista', nNumber: 1, priceCents: 35_000, quantity: 2_000, perOrderLimit: 4 }],
      });
      // The waiting room is open and the sale starts a few minutes after the first start, so
      // a newcomer sees the pre-queue, the shuffle and admission (docs/virtual-queue.md).
      await db.execute(
        sql`UPDATE events SET high_demand = true, queue_opens_at = now() - interval '1 day',
              queue_sale_starts_at = now() + interval '5 minutes', checkout_capacity = 50
            WHERE id = ${event.id}`,
      );
    },
    created,
  );

  await once(
    db,
    'festival-de-inverno-2025',
    async () => {
      const start = daysFromNow(-60, 16);
      await createEvent(db, {
        slug: 'festival-de-inverno-2025',
        name: 'Festival de Inverno 2025',
        description: 'Edição encerrada. Obrigado a todos que vieram!',
        venue: 'Praça do Centro',
        city: 'Campos do Jordão - SP',
        startsAt: start,
        endsAt: new Date(start.getTime() + 8 * HOUR),
        producerId,
        lots: [{ name: 'Pista', nNumber: 1, priceCents: 9_000, quantity: 500 }],
      });
    },
    created,
  );
  return created;
}

/**
 * Puts tickets of the demo seller (or of nobody, if that account is missing) on resale at
 * the given prices, and leaves the event's general-admission lot sold out: its quantity is
 * those tickets, all sold, so the counters match the live tickets (docs/integrity.md).
 */
async function createResaleListings(db: Database, event: CreatedEvent, prices: number[]): Promise<void> {
  const lotId = event.lotIds[0]!;
  const sellerId = await customerIdByEmail(db, DEMO_SELLER_EMAIL);
  await db.execute(
    sql`UPDATE ticket_types SET quantity = ${prices.length}, sold = ${prices.length}, reserved = 0 WHERE id = ${lotId}`,
  );
  for (const price of prices) {
    const [ticket] = await selectRows<{ id: number }>(
      db,
      sql`INSERT INTO tickets (code, customer_id, holder_email, event_id, ticket_type_id, n_number, price_cents)
          VALUES (${randomBytes(16).toString('base64url')}, ${sellerId}, ${DEMO_SELLER_EMAIL}, ${event.id}, ${lotId}, 1, 20000)
          RETURNING id`,
    );
    await db.execute(sql`INSERT INTO resale_listings (event_id, ticket_id, seller_id, price_cents)
                         VALUES (${event.id}, ${ticket!.id}, ${sellerId}, ${price})`);
  }
}

/**
 * A stadium of `seats` seats (default 100,000) in sections of 50 rows × 100 seats, for
 * benchmarks and the picker's stress test. Not part of the demo seed.
 */
export async function createLargeVenue(
  db: Database,
  options: { slug?: string; seats?: number; producerId?: number | null } = {},
): Promise<CreatedEvent> {
  const total = options.seats ?? 100_000;
  const perSection = 50 * 100;
  const sectionCount = Math.max(1, Math.ceil(total / perSection));
  const columns = Math.ceil(Math.sqrt(sectionCount));
  const start = daysFromNow(90, 20);
  return createEvent(db, {
    slug: options.slug ?? `estadio-${total}`,
    name: `Estádio (${formatCount(total)} lugares)`,
    venue: 'Estádio de Teste',
    city: 'São Paulo - SP',
    startsAt: start,
    endsAt: new Date(start.getTime() + 3 * HOUR),
    producerId: options.producerId ?? null,
    sections: Array.from({ length: sectionCount }, (_, index) => {
      const remaining = total - index * perSection;
      const rows = Math.min(50, Math.ceil(Math.min(perSection, remaining) / 100));
      return {
        name: `Setor ${index + 1}`,
        x: (index % columns) * 1040,
        y: 40 + Math.floor(index / columns) * 640,
        rows,
        seatsPerRow: 100,
        lots: [
          {
            name: `Setor ${index + 1}`,
            priceCents: 10_000 + (index % 5) * 2_500,
            quantity: 0,
            perOrderLimit: 10,
          },
        ],
      };
    }),
  });
}
