import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { coupons, events, products, seatSections, seatTables, ticketTypes } from '../db/schema/catalogue.ts';
import { selectRows } from '../db/sql.ts';

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
  pixel?: string;
  serviceFeeBps?: number;
  lots?: LotInput[];
  products?: ProductInput[];
  coupons?: CouponInput[];
  sections?: SectionInput[];
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

/**
 * Creates an event with its lots, products, coupons and seat map. Seats are generated in
 * the database with `generate_series`, so a 100,000-seat venue takes one statement per
 * section rather than 100,000 round trips.
 */
export async function createEvent(db: Database, input: EventInput): Promise<CreatedEvent> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({
        slug: input.slug,
        name: input.name,
        description: input.description ?? '',
        venue: input.venue ?? '',
        city: input.city ?? '',
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        image: input.image ?? '',
        producerId: input.producerId ?? null,
        pixel: input.pixel ?? '',
        serviceFeeBps: input.serviceFeeBps ?? 1000,
      })
      .returning({ id: events.id });
    const eventId = event!.id;
    const lotRows = (lots: LotInput[], extra: { numbered: boolean; sectionId: number | null }) =>
      lots.map((lot, index) => ({
        eventId,
        name: lot.name,
        description: lot.description ?? '',
        nNumber: lot.nNumber ?? 1,
        priceCents: lot.priceCents,
        quantity: lot.quantity,
        perOrderLimit: lot.perOrderLimit ?? 10,
        salesStart: lot.salesStart ?? null,
        salesEnd: lot.salesEnd ?? null,
        sort: index,
        ...extra,
      }));
    const lotIds =
      input.lots && input.lots.length > 0
        ? (
            await tx
              .insert(ticketTypes)
              .values(lotRows(input.lots, { numbered: false, sectionId: null }))
              .returning({ id: ticketTypes.id })
          ).map((row) => row.id)
        : [];
    const productIds =
      input.products && input.products.length > 0
        ? (
            await tx
              .insert(products)
              .values(
                input.products.map((product, index) => ({
                  eventId,
                  name: product.name,
                  description: product.description ?? '',
                  image: product.image ?? '',
                  priceCents: product.priceCents,
                  stock: product.stock,
                  perOrderLimit: product.perOrderLimit ?? 10,
                  sort: index,
                })),
              )
              .returning({ id: products.id })
          ).map((row) => row.id)
        : [];
    const couponIds =
      input.coupons && input.coupons.length > 0
        ? (
            await tx
              .insert(coupons)
              .values(
                input.coupons.map((coupon) => ({
                  eventId,
                  code: coupon.code,
                  kind: coupon.kind,
                  value: coupon.value,
                  validFrom: coupon.validFrom ?? null,
                  validUntil: coupon.validUntil ?? null,
                  usageLimit: coupon.usageLimit ?? null,
                })),
              )
              .returning({ id: coupons.id })
          ).map((row) => row.id)
        : [];

    const sections: CreatedEvent['sections'] = [];
    for (const [index, section] of (input.sections ?? []).entries()) {
      const isTables = (section.tables ?? 0) > 0;
      const rows = section.rows ?? 0;
      const perRow = section.seatsPerRow ?? 0;
      const tableCount = section.tables ?? 0;
      const perTable = section.seatsPerTable ?? 4;
      const tablesPerRow = Math.max(1, Math.ceil(Math.sqrt(tableCount * 2)));
      const width = isTables ? tablesPerRow * 40 : perRow * SEAT_PITCH;
      const height = isTables ? Math.ceil(tableCount / tablesPerRow) * 40 : rows * ROW_PITCH;
      const [created] = await tx
        .insert(seatSections)
        .values({
          eventId,
          name: section.name,
          kind: isTables ? 'tables' : 'seats',
          color: section.color ?? '#7c3aed',
          x: section.x,
          y: section.y,
          width,
          height,
          sort: index,
        })
        .returning({ id: seatSections.id });
      const sectionId = created!.id;
      const sectionLots = (
        await tx
          .insert(ticketTypes)
          .values(lotRows(section.lots, { numbered: true, sectionId }))
          .returning({ id: ticketTypes.id })
      ).map((row) => row.id);
      let tableIds: number[] = [];
      if (isTables) {
        tableIds = (
          await tx
            .insert(seatTables)
            .values(
              Array.from({ length: tableCount }, (_, t) => ({
                eventId,
                sectionId,
                name: `Mesa ${t + 1}`,
                x: section.x + 20 + (t % tablesPerRow) * 40,
                y: section.y + 20 + Math.floor(t / tablesPerRow) * 40,
                radius: 12,
              })),
            )
            .returning({ id: seatTables.id })
        ).map((row) => row.id);
        // Seats sit on a circle around their table.
        await tx.execute(sql`
          INSERT INTO seats (event_id, section_id, table_id, row_label, seat_number, x, y, sort)
          SELECT ${eventId}::int, ${sectionId}::int, t.id, t.name, s::text,
                 round((t.x + 16 * cos(2 * pi() * s / ${perTable}::int))::numeric, 1),
                 round((t.y + 16 * sin(2 * pi() * s / ${perTable}::int))::numeric, 1),
                 t.id * 1000 + s
          FROM seat_tables t CROSS JOIN generate_series(1, ${perTable}::int) AS s
          WHERE t.section_id = ${sectionId}
          ORDER BY t.id, s`);
      } else {
        const labels = Array.from({ length: rows }, (_, i) => rowLabel(i)).join(',');
        await tx.execute(sql`
          INSERT INTO seats (event_id, section_id, row_label, seat_number, x, y, sort)
          SELECT ${eventId}::int, ${sectionId}::int, (string_to_array(${labels}::text, ','))[r], s::text,
                 ${section.x}::real + (s - 1) * ${SEAT_PITCH}::real + ${SEAT_PITCH / 2}::real,
                 ${section.y}::real + (r - 1) * ${ROW_PITCH}::real + ${ROW_PITCH / 2}::real,
                 r * 100000 + s
          FROM generate_series(1, ${rows}::int) AS r CROSS JOIN generate_series(1, ${perRow}::int) AS s
          ORDER BY r, s`);
      }
      sections.push({ id: sectionId, lotIds: sectionLots, tableIds });
    }
    if (sections.length > 0) {
      // Numbered lots are limited by seats, not counters: their quantity is the seat count.
      await tx.execute(sql`
        UPDATE ticket_types t SET quantity = (SELECT count(*) FROM seats s WHERE s.section_id = t.section_id)
        WHERE t.event_id = ${eventId} AND t.numbered`);
    }
    return { id: eventId, lotIds, productIds, couponIds, sections };
  });
}

/** The customer id of an e-mail address, or null. */
export async function customerIdByEmail(db: Database, email: string): Promise<number | null> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE lower(email) = lower(${email}) LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}
