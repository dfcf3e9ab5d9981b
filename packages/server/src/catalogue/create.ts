import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { producersOrganisation } from '../organisations/organisations.ts';
import { sizeNumberedLots } from '../stock/lots.ts';
import { type MeiaPolicy, refreshMeiaQuota } from '../stock/meia-quota.ts';

/** A lot to create (price in cents). */
export interface LotInput {
  name: string;
  nNumber?: number;
  priceCents: number;
  quantity: number;
  perOrderLimit?: number;
  description?: string;
  salesStart?: Date;
  salesEnd?: Date;
}

/** A product to create. */
export interface ProductInput {
  name: string;
  priceCents: number;
  stock: number;
  perOrderLimit?: number;
  description?: string;
  image?: string;
}

/** A coupon to create: `value` is basis points for 'percent', cents for 'fixed'. */
export interface CouponInput {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  validFrom?: Date;
  validUntil?: Date;
  usageLimit?: number;
}

/**
 * A section of a seat map laid out as a grid of `rows` × `seatsPerRow`, or as `tables`
 * with `seatsPerTable` seats around each. Its lots (numbered ticket types) price its seats.
 */
export interface SectionInput {
  name: string;
  color?: string;
  x: number;
  y: number;
  rows?: number;
  seatsPerRow?: number;
  tables?: number;
  seatsPerTable?: number;
  /** Numbered lots of this section, e.g. "Inteira" and "Meia-entrada". */
  lots: LotInput[];
}

/** Everything needed to put an event on sale. */
export interface EventInput {
  slug: string;
  name: string;
  description?: string;
  venue?: string;
  city?: string;
  startsAt: Date;
  endsAt: Date;
  image?: string;
  producerId?: number | null;
  /** The organisation the event belongs to; by default the producer's own (organisations/). */
  organisationId?: number | null;
  pixel?: string;
  serviceFeeBps?: number;
  lots?: LotInput[];
  products?: ProductInput[];
  coupons?: CouponInput[];
  sections?: SectionInput[];
  /** Meia-entrada policy; default: 40% of the tickets offered, no state categories. */
  meia?: Partial<MeiaPolicy>;
  /** The producer's refund policy, shown to buyers on the event's page. */
  refundPolicy?: string;
  /** 'draft' until its producer publishes it (catalogue/drafts.ts); default 'published'. */
  status?: 'draft' | 'published';
  /**
   * When it is created, by the app's clock (`app.now()`); it dates the event and the
   * organisation made for its producer when they have none. Without it, the database's clock.
   */
  createdAt?: Date;
}

/** Ids of what `createEvent` made, for tests and the demo seed. */
export interface CreatedEvent {
  id: number;
  lotIds: number[];
  productIds: number[];
  couponIds: number[];
  sections: { id: number; lotIds: number[]; tableIds: number[] }[];
}

const SEAT_PITCH = 10;
const ROW_PITCH = 12;

/** Row labels A..Z, then AA, AB, … */
export function rowLabel(index: number): string {
  let label = '';
  let n = index;
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

/** An optional instant as a bind parameter, or SQL NULL. */
function optionalInstant(value: Date | undefined): SQL {
  return value ? sql`${value.toISOString()}::timestamptz` : sql`NULL`;
}

/** Runs a multi-row INSERT … RETURNING id and answers the ids in the order of `rows`. */
async function insertReturningIds(db: Queryable, insert: SQL, rows: SQL[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const returned = await selectRows<{ id: number }>(
    db,
    sql`${insert} VALUES ${sql.join(rows, sql`, `)} RETURNING id`,
  );
  return returned.map((row) => row.id);
}

/**
 * Creates an event with its lots, products, coupons and seat map, in one transaction that
 * reads as its phases. Seats are generated in the database with `generate_series`, so a
 * 100,000-seat venue takes one statement per section rather than 100,000 round trips.
 */
export async function createEvent(db: Database, input: EventInput): Promise<CreatedEvent> {
  return db.transaction(async (tx) => {
    const eventId = await insertEvent(tx, input);
    const lotIds = await insertLots(tx, eventId, input.lots ?? [], null);
    const productIds = await insertProducts(tx, eventId, input.products ?? []);
    const couponIds = await insertCoupons(tx, eventId, input.coupons ?? []);
    const sections: CreatedEvent['sections'] = [];
    for (const [index, section] of (input.sections ?? []).entries()) {
      sections.push(await insertSection(tx, eventId, section, index));
    }
    if (sections.length > 0) await sizeNumberedLots(tx, eventId);
    await refreshMeiaQuota(tx, eventId, input.meia);
    return { id: eventId, lotIds, productIds, couponIds, sections };
  });
}

async function insertEvent(tx: Queryable, input: EventInput): Promise<number> {
  // An event with a producer belongs to an organisation: the one named, else the producer's own.
  const organisationId =
    input.organisationId ??
    (input.producerId ? await producersOrganisation(tx, input.producerId, input.createdAt ?? null) : null);
  const createdAt = input.createdAt ? sql`${input.createdAt.toISOString()}::timestamptz` : sql`now()`;
  const event = await selectOne<{ id: number }>(
    tx,
    sql`INSERT INTO events (slug, name, description, venue, city, starts_at, ends_at, image, producer_id,
                            organisation_id, pixel, service_fee_bps, status, refund_policy,
                            created_at, updated_at)
        VALUES (${input.slug}, ${input.name}, ${input.description ?? ''}, ${input.venue ?? ''},
                ${input.city ?? ''}, ${input.startsAt.toISOString()}::timestamptz,
                ${input.endsAt.toISOString()}::timestamptz, ${input.image ?? ''}, ${input.producerId ?? null},
                ${organisationId}, ${input.pixel ?? ''}, ${input.serviceFeeBps ?? 1000},
                ${input.status ?? 'published'}, ${input.refundPolicy ?? ''}, ${createdAt}, ${createdAt})
        RETURNING id`,
  );
  return event!.id;
}

/**
 * General-admission lots (`sectionId` null) or a section's numbered lots, sorted from
 * `firstSort` (a lot added later goes after the event's others).
 */
export function insertLots(
  tx: Queryable,
  eventId: number,
  lots: LotInput[],
  sectionId: number | null,
  { firstSort = 0 }: { firstSort?: number } = {},
): Promise<number[]> {
  return insertReturningIds(
    tx,
    sql`INSERT INTO ticket_types (event_id, name, description, n_number, price_cents, quantity,
                                  per_order_limit, sales_start, sales_end, sort, numbered, section_id)`,
    lots.map(
      (lot, index) =>
        sql`(${eventId}, ${lot.name}, ${lot.description ?? ''}, ${lot.nNumber ?? 1}, ${lot.priceCents},
             ${lot.quantity}, ${lot.perOrderLimit ?? 10}, ${optionalInstant(lot.salesStart)},
             ${optionalInstant(lot.salesEnd)}, ${firstSort + index}, ${sectionId !== null}, ${sectionId})`,
    ),
  );
}

function insertProducts(tx: Queryable, eventId: number, products: ProductInput[]): Promise<number[]> {
  return insertReturningIds(
    tx,
    sql`INSERT INTO products (event_id, name, description, image, price_cents, stock, per_order_limit, sort)`,
    products.map(
      (product, index) =>
        sql`(${eventId}, ${product.name}, ${product.description ?? ''}, ${product.image ?? ''},
             ${product.priceCents}, ${product.stock}, ${product.perOrderLimit ?? 10}, ${index})`,
    ),
  );
}

function insertCoupons(tx: Queryable, eventId: number, coupons: CouponInput[]): Promise<number[]> {
  return insertReturningIds(
    tx,
    sql`INSERT INTO coupons (event_id, code, kind, value, valid_from, valid_until, usage_limit)`,
    coupons.map(
      (coupon) =>
        sql`(${eventId}, ${coupon.code}, ${coupon.kind}, ${coupon.value}, ${optionalInstant(coupon.validFrom)},
             ${optionalInstant(coupon.validUntil)}, ${coupon.usageLimit ?? null})`,
    ),
  );
}

/** One section of the seat map: its box, its numbered lots, then its tables or its rows of seats. */
async function insertSection(
  tx: Queryable,
  eventId: number,
  section: SectionInput,
  index: number,
): Promise<CreatedEvent['sections'][number]> {
  const isTables = (section.tables ?? 0) > 0;
  const tableCount = section.tables ?? 0;
  const tablesPerRow = Math.max(1, Math.ceil(Math.sqrt(tableCount * 2)));
  const width = isTables ? tablesPerRow * 40 : (section.seatsPerRow ?? 0) * SEAT_PITCH;
  const height = isTables ? Math.ceil(tableCount / tablesPerRow) * 40 : (section.rows ?? 0) * ROW_PITCH;
  const created = await selectOne<{ id: number }>(
    tx,
    sql`INSERT INTO seat_sections (event_id, name, kind, color, x, y, width, height, sort)
        VALUES (${eventId}, ${section.name}, ${isTables ? 'tables' : 'seats'}, ${section.color ?? '#7c3aed'},
                ${section.x}, ${section.y}, ${width}, ${height}, ${index})
        RETURNING id`,
  );
  const sectionId = created!.id;
  const lotIds = await insertLots(tx, eventId, section.lots, sectionId);
  const tableIds = isTables ? await insertTablesWithSeats(tx, eventId, sectionId, section, tablesPerRow) : [];
  if (!isTables) await insertRowsOfSeats(tx, eventId, sectionId, section);
  return { id: sectionId, lotIds, tableIds };
}

/** The section's tables on a grid, and each table's seats on a circle around it. */
async function insertTablesWithSeats(
  tx: Queryable,
  eventId: number,
  sectionId: number,
  section: SectionInput,
  tablesPerRow: number,
): Promise<number[]> {
  const perTable = section.seatsPerTable ?? 4;
  const tableIds = await insertReturningIds(
    tx,
    sql`INSERT INTO seat_tables (event_id, section_id, name, x, y, radius)`,
    Array.from(
      { length: section.tables ?? 0 },
      (_, t) =>
        sql`(${eventId}, ${sectionId}, ${`Mesa ${t + 1}`}, ${section.x + 20 + (t % tablesPerRow) * 40},
             ${section.y + 20 + Math.floor(t / tablesPerRow) * 40}, 12)`,
    ),
  );
  await execute(
    tx,
    sql`
    INSERT INTO seats (event_id, section_id, table_id, row_label, seat_number, x, y, sort)
    SELECT ${eventId}::int, ${sectionId}::int, t.id, t.name, s::text,
           round((t.x + 16 * cos(2 * pi() * s / ${perTable}::int))::numeric, 1),
           round((t.y + 16 * sin(2 * pi() * s / ${perTable}::int))::numeric, 1),
           t.id * 1000 + s
    FROM seat_tables t CROSS JOIN generate_series(1, ${perTable}::int) AS s
    WHERE t.section_id = ${sectionId}
    ORDER BY t.id, s`,
  );
  return tableIds;
}

/** The section's rows (A, B, …) of numbered seats. */
async function insertRowsOfSeats(tx: Queryable, eventId: number, sectionId: number, section: SectionInput) {
  const rows = section.rows ?? 0;
  const labels = Array.from({ length: rows }, (_, i) => rowLabel(i)).join(',');
  await execute(
    tx,
    sql`
    INSERT INTO seats (event_id, section_id, row_label, seat_number, x, y, sort)
    SELECT ${eventId}::int, ${sectionId}::int, (string_to_array(${labels}::text, ','))[r], s::text,
           ${section.x}::real + (s - 1) * ${SEAT_PITCH}::real + ${SEAT_PITCH / 2}::real,
           ${section.y}::real + (r - 1) * ${ROW_PITCH}::real + ${ROW_PITCH / 2}::real,
           r * 100000 + s
    FROM generate_series(1, ${rows}::int) AS r CROSS JOIN generate_series(1, ${section.seatsPerRow ?? 0}::int) AS s
    ORDER BY r, s`,
  );
}

/** The customer id of an e-mail address, or null. */
export async function customerIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE lower(email) = lower(${email}) LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}
