import type { ReservedOrder } from '@plateia/core/contracts/orders';
import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { RESERVE_MESSAGES } from '@plateia/core/messages/orders';
import { SEAT_CALL_MESSAGES } from '@plateia/core/messages/seat-hold';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectRows } from '../db/sql.ts';
import { reserveCart } from '../orders/reserve.ts';
import type { ReserveTicketLine } from '../orders/reserve-request.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/** One seat chosen in the picker; a seat without a lot takes its section's first lot. */
export interface SeatSelection {
  seat_id: number;
  ticket_type_id?: number | undefined;
}

/**
 * A `POST /seat/checkout` request as the seat picker sends it. Every field may be missing,
 * so that each missing one is answered with its own pt-BR message.
 */
export interface SeatCheckoutRequest {
  eventId?: number | undefined;
  seatSelections?: SeatSelection[] | undefined;
  customerInfo?: { email?: string | undefined } | undefined;
  sessionId?: string | undefined;
}

/** The checkout's answer: the reserved order, or the status and pt-BR message of a refusal. */
export type SeatCheckoutResult =
  | { ok: true; order: ReservedOrder }
  | { ok: false; status: 400 | 403; message: string };

/** A request with every field present and well-formed. */
interface CompleteRequest {
  eventId: number;
  seatSelections: SeatSelection[];
  email: string;
  sessionId: string;
}

const refuse = (status: 400 | 403, message: string): SeatCheckoutResult => ({ ok: false, status, message });

/**
 * Reserves the seats `buyer`'s session holds as an order (15 minutes) for payment, one
 * ticket per seat. When the e-mail entered is not the buyer's own, the tickets go to that
 * e-mail's account (docs/buying.md).
 */
export async function checkoutHeldSeats(
  db: Database,
  buyer: { id: number; email: string },
  request: SeatCheckoutRequest,
): Promise<SeatCheckoutResult> {
  const checked = completeRequest(request);
  if ('ok' in checked) return checked;
  const { eventId, seatSelections, email, sessionId } = checked;
  const defaults = await defaultLots(db, eventId, seatSelections);
  const holder = email.toLowerCase() === buyer.email.toLowerCase() ? undefined : [email];
  const tickets: ReserveTicketLine[] = [];
  for (const selection of seatSelections) {
    const typeId = selection.ticket_type_id ?? defaults.get(selection.seat_id);
    if (!typeId) return refuse(403, RESERVE_MESSAGES.seatUnavailable);
    tickets.push({ tk_id: typeId, tk_qtd: 1, seat_id: selection.seat_id, holder_emails: holder });
  }
  const result = await reserveCart(db, { customerId: buyer.id, eventId, sessionId, tickets, products: [] });
  if (!result.ok) return refuse(403, RESERVE_MESSAGES.seatUnavailable);
  return { ok: true, order: result.order };
}

/** The request's fields, checked in the order the picker's messages expect; or the refusal. */
function completeRequest(request: SeatCheckoutRequest): CompleteRequest | SeatCheckoutResult {
  const { eventId, seatSelections, customerInfo, sessionId } = request;
  if (!eventId) return refuse(400, SEAT_CALL_MESSAGES.missingEvent);
  if (!seatSelections || seatSelections.length === 0) return refuse(400, SEAT_CALL_MESSAGES.missingSeats);
  const email = customerInfo?.email?.trim();
  if (!email) return refuse(400, SEAT_CALL_MESSAGES.missingEmail);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return refuse(400, INVALID_EMAIL_MESSAGE);
  if (!sessionId || !/^[A-Za-z0-9_-]{8,100}$/.test(sessionId))
    return refuse(400, SEAT_CALL_MESSAGES.missingSession);
  return { eventId, seatSelections, email, sessionId };
}

/** For the selections without a lot: each seat's section's first active lot, by seat id. */
async function defaultLots(
  db: Queryable,
  eventId: number,
  selections: SeatSelection[],
): Promise<Map<number, number>> {
  const missing = selections.filter((selection) => !selection.ticket_type_id).map((s) => s.seat_id);
  const defaults = new Map<number, number>();
  if (missing.length === 0) return defaults;
  const rows = await selectRows<{ seat_id: number; type_id: number | null }>(
    db,
    sql`SELECT s.id AS seat_id,
          (SELECT t.id FROM ticket_types t WHERE t.section_id = s.section_id AND t.status = 'active'
            ORDER BY t.sort, t.id LIMIT 1) AS type_id
        FROM seats s WHERE s.event_id = ${eventId} AND s.id = ANY(${pgIntArray(missing)}::int[])`,
  );
  for (const row of rows) if (row.type_id !== null) defaults.set(row.seat_id, row.type_id);
  return defaults;
}
