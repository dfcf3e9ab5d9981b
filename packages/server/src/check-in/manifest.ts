import type { MeiaCategory } from '@plateia/core/contracts/catalogue';
import type { CheckInManifestEntry } from '@plateia/core/contracts/check-in';
import { CHECK_IN_API_MESSAGES } from '@plateia/core/messages/check-in';
import { meiaCategoriesOf } from '@plateia/core/rules/meia-entrada';
import { bytesToBase64Url } from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { doorStatusSql } from '../resale/door.ts';
import type { DoorWindow } from './doors.ts';
import type { CheckInEvent } from './producer.ts';

/** Tickets per manifest page unless the scanner asks for fewer. */
export const MANIFEST_PAGE_MAX = 50_000;

/**
 * How far behind "now" the last page's cursor stays. A ticket's `updated_at` is its
 * transaction's start time, so a transaction still open when a page is read may later
 * commit a time before that page's last row; rereading the last few seconds on the next
 * sync catches it (docs/check-in.md, "Cursor").
 */
export const MANIFEST_REREAD_SECONDS = 10;

/**
 * One ticket in the manifest: `[id, holderVersion, status]`, plus its beneficiary
 * `[category, categoryLabel, name, document, differenceCents]` for a meia-entrada ticket not
 * paid up at the door (docs/meia-entrada.md), so a scanner without signal still shows it.
 */
export type ManifestEntry = CheckInManifestEntry;

/** One page of an event's manifest. */
export interface ManifestPage {
  event: {
    id: number;
    name: string;
    startsAt: string;
    doorsOpenAt: string | null;
    doorsCloseAt: string | null;
  };
  /** The event key, base64url: the scanner derives each ticket's code secret from it. */
  eventKey: string;
  tickets: ManifestEntry[];
  /** Where the next request starts. */
  cursor: string;
  /** Whether another page follows right away. */
  more: boolean;
  /** The server's clock, so the scanner can correct its own when checking codes offline. */
  serverTime: string;
}

/** A position in (updated_at, id) order: microseconds since the epoch, and the ticket id. */
interface Position {
  micros: bigint;
  id: number;
}

const CURSOR = /^(\d{1,20})\.(\d{1,10})$/;

/** Reads a cursor (`{microseconds}.{id}`); throws 400 on anything else. */
export function parseCursor(text: string | undefined): Position {
  if (text === undefined || text === '') return { micros: 0n, id: 0 };
  const match = CURSOR.exec(text);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new HttpError(400, CHECK_IN_API_MESSAGES.badCursor, 'validation');
  }
  return { micros: BigInt(match[1] as string), id };
}

function formatCursor(position: Position): string {
  return `${position.micros}.${position.id}`;
}

function earlier(a: Position, b: Position): Position {
  if (a.micros !== b.micros) return a.micros < b.micros ? a : b;
  return a.id <= b.id ? a : b;
}

/**
 * A page of the event's tickets changed after `cursor` (all of them without one), in
 * (updated_at, id) order. The last page's cursor stays {@link MANIFEST_REREAD_SECONDS}
 * behind the database clock, so the next sync may send a few tickets again, never miss one.
 */
export async function readManifest(
  db: Queryable,
  event: CheckInEvent,
  request: { cursor?: string; limit?: number },
  deps: { now: () => Date; doors: DoorWindow | null },
): Promise<ManifestPage> {
  const from = parseCursor(request.cursor);
  const limit = Math.min(request.limit ?? MANIFEST_PAGE_MAX, MANIFEST_PAGE_MAX);
  const rows = await selectRows<{
    id: number;
    holder_version: number;
    status: string;
    micros: string;
    meia_category: string | null;
    meia_name: string | null;
    meia_document: string | null;
    meia_difference: number | null;
  }>(
    db,
    // A ticket on resale goes out as 'listed' (not admitted) until it sells or is withdrawn.
    sql`SELECT tickets.id, tickets.holder_version, ${doorStatusSql('tickets')} AS status,
               (extract(epoch FROM tickets.updated_at) * 1000000)::bigint::text AS micros,
               i.meia_category, i.meia_name, i.meia_document,
               GREATEST(0, tt.price_cents - i.unit_price_cents)::int AS meia_difference
        FROM tickets
        LEFT JOIN order_items i ON i.id = tickets.meia_item_id AND i.meia_category IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM meia_upgrades u WHERE u.ticket_id = tickets.id)
        LEFT JOIN ticket_types tt ON tt.id = tickets.ticket_type_id
        WHERE tickets.event_id = ${event.id}
          AND (tickets.updated_at, tickets.id) > (timestamptz 'epoch' + ${from.micros.toString()}::bigint * interval '1 microsecond', ${from.id}::int)
        ORDER BY tickets.updated_at, tickets.id
        LIMIT ${limit + 1}`,
  );
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  let cursor: Position = last ? { micros: BigInt(last.micros), id: last.id } : from;
  const clock = await selectOne<{ safe: string }>(
    db,
    sql`SELECT (extract(epoch FROM now() - ${MANIFEST_REREAD_SECONDS} * interval '1 second') * 1000000)::bigint::text AS safe`,
  );
  if (!more) cursor = earlier(cursor, { micros: BigInt(clock!.safe), id: 0 });
  const state = page.some((row) => row.meia_category)
    ? await selectOne<{ state_categories: MeiaCategory[] | string }>(
        db,
        sql`SELECT state_categories FROM meia_quotas WHERE event_id = ${event.id}`,
      )
    : null;
  const categories = meiaCategoriesOf(
    typeof state?.state_categories === 'string'
      ? (JSON.parse(state.state_categories) as MeiaCategory[])
      : (state?.state_categories ?? []),
  );
  return {
    event: {
      id: event.id,
      name: event.name,
      startsAt: event.startsAt.toISOString(),
      // The scanner refuses admissions outside it even with no signal.
      doorsOpenAt: deps.doors?.opensAt.toISOString() ?? null,
      doorsCloseAt: deps.doors?.closesAt.toISOString() ?? null,
    },
    eventKey: bytesToBase64Url(event.ticketKey),
    tickets: page.map((row): ManifestEntry => {
      if (!row.meia_category) return [row.id, row.holder_version, row.status];
      const label =
        categories.find((category) => category.id === row.meia_category)?.label ?? row.meia_category;
      return [
        row.id,
        row.holder_version,
        row.status,
        [
          row.meia_category,
          label,
          row.meia_name ?? '',
          row.meia_document ?? '',
          Number(row.meia_difference ?? 0),
        ],
      ];
    }),
    cursor: formatCursor(cursor),
    more,
    serverTime: deps.now().toISOString(),
  };
}
