import type {
  EventDetail,
  EventSummary,
  ProductInfo,
  ResaleOffer,
  TicketTypeInfo,
} from '@plateia/core/contracts/catalogue';
import { lotLabel } from '@plateia/core/messages/catalogue';
import { meiaCounterLabel } from '@plateia/core/rules/meia-entrada';
import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { meiaEntradaInfo } from '../meia-entrada/quota.ts';
import { LOT_TURNED_BY_DATE, type LotRow, sequencesOf } from './lots.ts';

export type { EventDetail, EventSummary } from '@plateia/core/contracts/catalogue';

interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  venue: string;
  city: string;
  starts_at: Date | string;
  ends_at: Date | string;
  image: string;
  pixel: string;
  status: string;
  price_from: number | null;
  has_seat_map: boolean;
  is_past: boolean;
  total: number;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

function toSummary(row: SummaryRow): EventSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    venue: row.venue,
    city: row.city,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    image: row.image,
    pixel: row.pixel,
    status: row.status,
    priceFromCents: row.price_from === null ? null : Number(row.price_from),
    hasSeatMap: row.has_seat_map,
    isPast: row.is_past,
  };
}

/** Which events a listing shows: still to end (default), already ended, or both. */
export type EventPeriod = 'upcoming' | 'past' | 'all';

/** Filters of `GET /events`. */
export interface EventQuery {
  q?: string | undefined;
  slug?: string | undefined;
  period?: EventPeriod | undefined;
  page: number;
  limit: number;
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Published events matching the filters, soonest first (past events: latest first). */
export async function listEvents(
  db: Queryable,
  query: EventQuery,
): Promise<{ data: EventSummary[]; total: number }> {
  const filters = [sql`e.status = 'published'`];
  if (query.slug) filters.push(sql`e.slug = ${query.slug}`);
  if (query.q) {
    const pattern = likePattern(query.q.trim());
    filters.push(sql`(e.name ILIKE ${pattern} OR e.venue ILIKE ${pattern} OR e.city ILIKE ${pattern})`);
  }
  // An explicit slug finds the event whatever its date.
  const period = query.slug ? 'all' : (query.period ?? 'upcoming');
  if (period === 'upcoming') filters.push(sql`e.ends_at > now()`);
  if (period === 'past') filters.push(sql`e.ends_at <= now()`);
  const order = period === 'past' ? sql`e.starts_at DESC, e.id DESC` : sql`e.starts_at ASC, e.id ASC`;
  const rows = await selectRows<SummaryRow>(
    db,
    sql`SELECT e.id, e.slug, e.name, e.venue, e.city, e.starts_at, e.ends_at, e.image, e.pixel, e.status,
          -- "a partir de": lots that can still sell (a sold-out or date-closed lot's price is gone).
          (SELECT min(t.price_cents) FROM ticket_types t
            WHERE t.event_id = e.id AND t.status = 'active'
              AND (t.numbered OR (t.quantity - t.sold - t.reserved > 0 AND NOT ${LOT_TURNED_BY_DATE}))) AS price_from,
          EXISTS (SELECT 1 FROM seat_sections s WHERE s.event_id = e.id) AS has_seat_map,
          e.ends_at <= now() AS is_past,
          count(*) OVER ()::int AS total
        FROM events e
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY ${order}
        LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  return { data: rows.map(toSummary), total: rows[0]?.total ?? 0 };
}

/**
 * One published event by numeric id or slug, with lots, products and resale offers and
 * their live availability, or null. Availability is read-only: units of reservations past
 * their expiry count as available even before a reservation reclaims them.
 */
export async function getEventDetail(db: Queryable, idOrSlug: string): Promise<EventDetail | null> {
  const byId = /^\d{1,9}$/.test(idOrSlug);
  const rows = await selectRows<
    SummaryRow & {
      description: string;
      producer_id: number | null;
      service_fee_bps: number;
      refund_policy: string;
    }
  >(
    db,
    sql`SELECT e.id, e.slug, e.name, e.venue, e.city, e.starts_at, e.ends_at, e.image, e.pixel, e.status,
          e.description, e.producer_id, e.service_fee_bps, e.refund_policy,
          NULL::int AS price_from,
          EXISTS (SELECT 1 FROM seat_sections s WHERE s.event_id = e.id) AS has_seat_map,
          e.ends_at <= now() AS is_past, 1 AS total
        FROM events e
        WHERE e.status = 'published' AND ${byId ? sql`e.id = ${Number(idOrSlug)}` : sql`e.slug = ${idOrSlug}`}`,
  );
  const event = rows[0];
  if (!event) return null;
  const [ticketTypes, products, resale, meia] = await Promise.all([
    ticketTypeViews(db, event.id),
    productViews(db, event.id),
    resaleViews(db, event.id),
    meiaEntradaInfo(db, event.id),
  ]);
  const onSale = ticketTypes.filter((type) => type.onSale).map((type) => type.priceCents);
  return {
    ...toSummary(event),
    priceFromCents: onSale.length > 0 ? Math.min(...onSale) : null,
    description: event.description,
    producerId: event.producer_id,
    serviceFeeBps: event.service_fee_bps,
    refundPolicy: event.refund_policy,
    ticketTypes,
    products,
    resale,
    meiaEntrada: meia ?? {
      eventId: event.id,
      total: 0,
      available: 0,
      label: meiaCounterLabel(0, 0),
      categories: [],
    },
  };
}

/**
 * The lots of an event with live availability (numbered lots: free seats of their section)
 * and lot turnover: of a general-admission type's lots only the current one is on sale (the
 * first open lot with units left, `catalogue/lots.ts`), and it names the next lot and its price.
 */
export async function ticketTypeViews(db: Queryable, eventId: number): Promise<TicketTypeInfo[]> {
  const rows = await selectRows<{
    id: number;
    name: string;
    description: string;
    n_number: number;
    price_cents: number;
    per_order_limit: number;
    numbered: boolean;
    section_id: number | null;
    in_window: boolean;
    active: boolean;
    started: boolean;
    open: boolean;
    sales_start: Date | string | null;
    available: number;
  }>(
    db,
    sql`SELECT t.id, t.name, t.description, t.n_number, t.price_cents, t.per_order_limit, t.numbered, t.section_id,
          t.status = 'active' AS active, t.sales_start,
          (t.sales_start IS NULL OR t.sales_start <= now()) AND (t.sales_end IS NULL OR t.sales_end > now()) AS in_window,
          (t.sales_start IS NULL OR t.sales_start <= now()) AS started,
          t.status = 'active' AND (t.sales_end IS NULL OR t.sales_end > now()) AND NOT ${LOT_TURNED_BY_DATE} AS open,
          CASE WHEN t.numbered THEN
            (SELECT count(*)::int FROM seats s
              WHERE s.section_id = t.section_id AND s.state = 'available'
                AND (s.held_until IS NULL OR s.held_until <= now()))
          ELSE GREATEST(0, t.quantity - t.sold - t.reserved + COALESCE(
            (SELECT sum(oi.quantity)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
              WHERE oi.ticket_type_id = t.id AND oi.kind = 'ticket' AND o.status = 'reserved'
                AND o.expires_at <= now()), 0))
          END AS available
        FROM ticket_types t
        WHERE t.event_id = ${eventId} AND t.status <> 'hidden'
        ORDER BY t.sort, t.name, t.n_number, t.id`,
  );
  // General admission: each type's lots in selling order, then which one is current.
  const sequences = sequencesOf(
    rows
      .filter((row) => !row.numbered && row.active)
      .sort((a, b) => a.name.localeCompare(b.name) || a.n_number - b.n_number || a.id - b.id)
      .map((row) => ({ ...row, started: row.started, open: row.open })),
  );
  const availableOf = new Map(rows.map((row) => [row.id, Number(row.available)]));
  const currentOf = new Map<string, { current: LotRow | null; next: LotRow | null }>();
  for (const [name, sequence] of sequences) {
    const position = sequence.selling.findIndex((lot) => (availableOf.get(lot.id) ?? 0) > 0);
    const current = position >= 0 ? sequence.selling[position]! : null;
    // Before sales start the first lot is shown as the one to come; no next lot then.
    const next = current ? (sequence.selling[position + 1] ?? null) : null;
    currentOf.set(name, { current, next });
  }
  const startOf = new Map(rows.map((row) => [row.id, row.sales_start]));
  return rows.map((row) => {
    const available = Number(row.available);
    const turn = row.numbered ? undefined : currentOf.get(row.name);
    const current = row.numbered
      ? row.active && row.in_window && available > 0
      : turn?.current?.id === row.id;
    const next = current && turn?.next ? turn.next : null;
    const nextStart = next ? startOf.get(next.id) : null;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      n_number: row.n_number,
      priceCents: row.price_cents,
      available,
      perOrderLimit: row.per_order_limit,
      numerationSelected: row.numbered,
      sectionId: row.section_id,
      onSale: current,
      soldOut: available === 0,
      lotLabel: lotLabel(row.n_number),
      current,
      nextLot: next
        ? {
            id: next.id,
            n_number: next.n_number,
            priceCents: next.price_cents,
            lotLabel: lotLabel(next.n_number),
            // Opens by date unless the current lot sells out first.
            opensAt: nextStart && new Date(nextStart).getTime() > Date.now() ? iso(nextStart) : null,
          }
        : null,
    };
  });
}

/** The products of an event with live availability. */
export async function productViews(db: Queryable, eventId: number): Promise<ProductInfo[]> {
  const rows = await selectRows<{
    id: number;
    name: string;
    description: string;
    image: string;
    price_cents: number;
    per_order_limit: number;
    available: number;
  }>(
    db,
    sql`SELECT p.id, p.name, p.description, p.image, p.price_cents, p.per_order_limit,
          GREATEST(0, p.stock - p.sold - p.reserved + COALESCE(
            (SELECT sum(oi.quantity)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
              WHERE oi.product_id = p.id AND o.status = 'reserved' AND o.expires_at <= now()), 0)) AS available
        FROM products p
        WHERE p.event_id = ${eventId} AND p.status = 'active'
        ORDER BY p.sort, p.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    priceCents: row.price_cents,
    available: Number(row.available),
    perOrderLimit: row.per_order_limit,
  }));
}

/** Resale offers of an event not reserved by a live order. */
export async function resaleViews(db: Queryable, eventId: number): Promise<ResaleOffer[]> {
  const rows = await selectRows<{
    id: number;
    ticket_type_id: number;
    name: string;
    n_number: number;
    price_cents: number;
    ticket_id: number;
    seat_id: number | null;
    meia_category: string | null;
  }>(
    db,
    sql`SELECT r.id, tk.ticket_type_id, tt.name, tk.n_number, r.price_cents, r.ticket_id, tk.seat_id,
          CASE WHEN NOT EXISTS (SELECT 1 FROM meia_upgrades u WHERE u.ticket_id = tk.id) THEN i.meia_category END
            AS meia_category
        FROM resale_listings r
        JOIN tickets tk ON tk.id = r.ticket_id
        JOIN ticket_types tt ON tt.id = tk.ticket_type_id
        LEFT JOIN order_items i ON i.id = tk.meia_item_id
        WHERE r.event_id = ${eventId} AND r.status = 'active'
          AND (r.order_id IS NULL OR r.reserved_until <= now())
        ORDER BY r.price_cents, r.id`,
  );
  const categories = rows.some((row) => row.meia_category)
    ? ((await meiaEntradaInfo(db, eventId))?.categories ?? [])
    : [];
  return rows.map((row) => ({
    resaleId: row.id,
    ticketTypeId: row.ticket_type_id,
    name: row.name,
    n_number: row.n_number,
    priceCents: row.price_cents,
    originalTicketId: row.ticket_id,
    seatId: row.seat_id,
    // Only on meia tickets, so answers about other offers keep their shape.
    ...(row.meia_category
      ? {
          meiaCategoryLabel:
            categories.find((category) => category.id === row.meia_category)?.label ?? row.meia_category,
        }
      : {}),
  }));
}
