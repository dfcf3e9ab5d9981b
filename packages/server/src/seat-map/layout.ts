import type { SeatMap, SeatRow, SeatSection, SeatTable } from '@plateia/core/contracts/seat-map';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';

export type { SeatMap, SeatRow, SeatSection, SeatTable } from '@plateia/core/contracts/seat-map';

/** Maps with more seats than this send sections only; the picker loads submaps. */
export const INLINE_SEAT_LIMIT = 20_000;

interface SectionRow {
  id: number;
  name: string;
  kind: 'seats' | 'tables';
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
  seat_count: number;
  ticket_type_ids: string | null;
  price_from: number | null;
}

const round1 = (value: number): number => Math.round(Number(value) * 10) / 10;

async function sectionRows(db: Queryable, eventId: number, sectionId?: number): Promise<SectionRow[]> {
  return selectRows<SectionRow>(
    db,
    sql`SELECT s.id, s.name, s.kind, s.color, s.x, s.y, s.width, s.height,
          (SELECT count(*)::int FROM seats st WHERE st.section_id = s.id) AS seat_count,
          (SELECT string_agg(t.id::text, ',' ORDER BY t.sort, t.id) FROM ticket_types t
            WHERE t.section_id = s.id AND t.status = 'active') AS ticket_type_ids,
          (SELECT min(t.price_cents) FROM ticket_types t WHERE t.section_id = s.id AND t.status = 'active') AS price_from
        FROM seat_sections s
        WHERE s.event_id = ${eventId} ${sectionId === undefined ? sql`` : sql`AND s.id = ${sectionId}`}
        ORDER BY s.sort, s.id`,
  );
}

/** Rows and tables of the given sections, in drawing order. */
async function seatsOf(
  db: Queryable,
  eventId: number,
  sectionIds: number[],
): Promise<Map<number, { rows: SeatRow[]; tables: SeatTable[] }>> {
  const result = new Map<number, { rows: SeatRow[]; tables: SeatTable[] }>();
  for (const id of sectionIds) result.set(id, { rows: [], tables: [] });
  if (sectionIds.length === 0) return result;
  const list = `{${sectionIds.join(',')}}`;
  const seats = await selectRows<{
    id: number;
    section_id: number;
    table_id: number | null;
    row_label: string;
    seat_number: string;
    x: number;
    y: number;
  }>(
    db,
    sql`SELECT id, section_id, table_id, row_label, seat_number, x, y FROM seats
        WHERE event_id = ${eventId} AND section_id = ANY(${list}::int[])
        ORDER BY section_id, sort, id`,
  );
  const tables = await selectRows<{
    id: number;
    section_id: number;
    name: string;
    x: number;
    y: number;
    radius: number;
  }>(
    db,
    sql`SELECT id, section_id, name, x, y, radius FROM seat_tables
        WHERE event_id = ${eventId} AND section_id = ANY(${list}::int[]) ORDER BY id`,
  );
  const tableById = new Map<number, SeatTable>();
  for (const table of tables) {
    const entry: SeatTable = {
      id: table.id,
      name: table.name,
      x: round1(table.x),
      y: round1(table.y),
      radius: round1(table.radius),
      seatIds: [],
    };
    tableById.set(table.id, entry);
    result.get(table.section_id)?.tables.push(entry);
  }
  let current: SeatRow | undefined;
  let currentKey = '';
  for (const seat of seats) {
    const key = `${seat.section_id}:${seat.row_label}`;
    if (key !== currentKey) {
      current = { label: seat.row_label, ids: [], x: [], y: [], n: [] };
      currentKey = key;
      result.get(seat.section_id)?.rows.push(current);
    }
    current!.ids.push(seat.id);
    current!.x.push(round1(seat.x));
    current!.y.push(round1(seat.y));
    current!.n.push(seat.seat_number);
    if (seat.table_id !== null) tableById.get(seat.table_id)?.seatIds.push(seat.id);
  }
  return result;
}

function toSection(
  row: SectionRow,
  eventId: number,
  detail?: { rows: SeatRow[]; tables: SeatTable[] },
): SeatSection {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    color: row.color,
    x: round1(row.x),
    y: round1(row.y),
    width: round1(row.width),
    height: round1(row.height),
    seatCount: Number(row.seat_count),
    ticketTypeIds: row.ticket_type_ids ? row.ticket_type_ids.split(',').map(Number) : [],
    priceFromCents: row.price_from === null ? null : Number(row.price_from),
    rows: detail ? detail.rows : null,
    tables: detail ? detail.tables : null,
    submap: `/seat/maps/${eventId}/submap/${row.id}`,
  };
}

/** The layout version of an event's map, or null when the event does not exist. */
export async function mapVersion(db: Queryable, eventId: number): Promise<number | null> {
  const rows = await selectRows<{ v: number }>(
    db,
    sql`SELECT seat_map_version AS v FROM events WHERE id = ${eventId} AND status <> 'draft'`,
  );
  return rows[0] ? Number(rows[0].v) : null;
}

/** Builds an event's map, or null when the event has no seat map. */
export async function buildSeatMap(db: Queryable, eventId: number, version: number): Promise<SeatMap | null> {
  const sections = await sectionRows(db, eventId);
  if (sections.length === 0) return null;
  const seatCount = sections.reduce((sum, section) => sum + Number(section.seat_count), 0);
  const inline = seatCount <= INLINE_SEAT_LIMIT;
  const details = inline
    ? await seatsOf(
        db,
        eventId,
        sections.map((section) => section.id),
      )
    : undefined;
  const built = sections.map((row) => toSection(row, eventId, details?.get(row.id)));
  return {
    eventId,
    version,
    width: round1(Math.max(...built.map((section) => section.x + section.width))),
    height: round1(Math.max(...built.map((section) => section.y + section.height))),
    seatCount,
    inline,
    sections: built,
  };
}

/** Builds one section with its rows and tables (a submap), or null when it is not the event's. */
export async function buildSubmap(
  db: Queryable,
  eventId: number,
  sectionId: number,
): Promise<SeatSection | null> {
  const [row] = await sectionRows(db, eventId, sectionId);
  if (!row) return null;
  const details = await seatsOf(db, eventId, [row.id]);
  return toSection(row, eventId, details.get(row.id));
}
