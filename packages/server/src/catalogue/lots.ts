import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/**
 * Lot turnover ("virada de lote"): the lots of a general-admission ticket type (rows of
 * `ticket_types` sharing a `name`, in `n_number` order) sell one after the other. The next
 * lot opens when the previous one sells out or at its own `sales_start`, whichever comes
 * first; once a later lot's `sales_start` has come, every earlier lot of the type is
 * closed ("virada por data") and its leftover units are not sold. The type starts selling
 * at its first lot's `sales_start`. Numbered (seated) lots are priced per section and do
 * not turn. Rules and the reopening decision: docs/buying.md, "Lot turnover".
 */

/** One general-admission lot as the turnover reads it. */
export interface LotRow {
  id: number;
  name: string;
  n_number: number;
  price_cents: number;
  per_order_limit: number;
  /** Its `sales_start` has come (or it has none). */
  started: boolean;
  /** Active, not past its `sales_end`, and not closed by a later lot's scheduled opening. */
  open: boolean;
}

/** A ticket type's lots in selling order, and those a buyer can be given now. */
export interface LotSequence {
  name: string;
  lots: LotRow[];
  /** The lots that sell now, in order: the first with units left is the current lot. */
  selling: LotRow[];
}

/**
 * The SQL truth of "closed by a later lot's scheduled opening": some later active lot of the
 * same type has a `sales_start` that has come. `t` names the lot being judged.
 */
const turnedByDate = sql`EXISTS (
  SELECT 1 FROM ticket_types later
  WHERE later.event_id = t.event_id AND later.name = t.name AND NOT later.numbered AND later.status = 'active'
    AND (later.n_number > t.n_number OR (later.n_number = t.n_number AND later.id > t.id))
    AND later.sales_start IS NOT NULL AND later.sales_start <= now())`;

/** Groups lots (already in selling order) into sequences and decides which can sell now. */
export function sequencesOf(lots: LotRow[]): Map<string, LotSequence> {
  const byName = new Map<string, LotSequence>();
  for (const lot of lots) {
    const sequence = byName.get(lot.name) ?? { name: lot.name, lots: [], selling: [] };
    sequence.lots.push(lot);
    byName.set(lot.name, sequence);
  }
  for (const sequence of byName.values()) {
    // The type opens with its first lot; later lots are reached by selling out or by date.
    sequence.selling = sequence.lots[0]?.started ? sequence.lots.filter((lot) => lot.open) : [];
  }
  return byName;
}

/**
 * The lot sequences of the general-admission types that the lots `lotIds` belong to, keyed
 * by type name. Lots that are hidden or closed by status are not part of any sequence.
 */
export async function lotSequencesOf(
  tx: Queryable,
  eventId: number,
  lotIds: number[],
): Promise<Map<string, LotSequence>> {
  if (lotIds.length === 0) return new Map();
  const rows = await selectRows<LotRow>(
    tx,
    sql`SELECT t.id, t.name, t.n_number, t.price_cents, t.per_order_limit,
          (t.sales_start IS NULL OR t.sales_start <= now()) AS started,
          (t.sales_end IS NULL OR t.sales_end > now()) AND NOT ${turnedByDate} AS open
        FROM ticket_types t
        WHERE t.event_id = ${eventId} AND NOT t.numbered AND t.status = 'active'
          AND t.name IN (SELECT name FROM ticket_types
                         WHERE event_id = ${eventId} AND id = ANY(${pgIntArray(lotIds)}::int[]))
        ORDER BY t.name, t.n_number, t.id`,
  );
  return sequencesOf(rows);
}

/** SQL for "this lot (`t`) is closed because a later lot's scheduled time has come". */
export const LOT_TURNED_BY_DATE = turnedByDate;
