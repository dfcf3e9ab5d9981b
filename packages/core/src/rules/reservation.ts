/**
 * The cart reservation that starts checkout (`POST /cart/reserve`, docs/core-buying.md): the
 * payload built from the ticket and product carts, and the reading of the per-ticket
 * answer (`tk_allow`, `tk_is_permitted_to_buy`) into go, "not permitted" or "partial".
 */
import type { MeiaBeneficiary } from '../contracts/catalogue.ts';
import { RESERVATION_MESSAGES } from '../messages/orders.ts';
import { type CartItem, cartItemKey, type EntityId, type ProductCartItem, ticketUnits } from './cart.ts';

/** One ticket line of the reservation (docs/core-buying.md). */
export interface ReservationTicket {
  tk_qtd: number;
  tk_id: EntityId;
  seat_id?: EntityId;
  table_id?: EntityId;
  seat_group_id?: EntityId;
  is_from_resale: 0 | 1;
  resaleId: EntityId | null;
  original_n_number: number | null;
  /** Whose accounts receive the line's tickets (docs/core-buying.md); missing entries mean the buyer. */
  holder_emails?: string[];
  /** Meia-entrada: the line's first tickets are meias, one beneficiary each (docs/meia-entrada.md). */
  meia?: MeiaBeneficiary[];
}

/** One product line of the reservation (docs/core-buying.md). */
export interface ReservationProduct {
  product_qtd: number;
  product_id: EntityId;
}

/** The body of `POST /cart/reserve` (docs/core-buying.md); `cupom` is added on the client. */
export interface ReservationPayload {
  user: EntityId;
  event_id: EntityId;
  n_number: number | null;
  products: ReservationProduct[];
  tickets: ReservationTicket[];
  cupom: string;
  sessionId: string;
}

/** What the server allows for one ticket line (docs/core-buying.md reservation response). */
export interface ReservedTicket {
  tk_id: EntityId;
  tk_allow: { tk_allow: number; tk_is_permitted_to_buy: boolean | number };
}

/** Everything the reservation is built from. */
export interface ReservationInput {
  userId: EntityId;
  tickets: readonly CartItem[];
  products: readonly ProductCartItem[];
  coupon?: string | null;
  sessionId: string;
  /**
   * E-mails of who receives each ticket, by cart line key (`cartItemKey`). Blank entries
   * are dropped; a ticket without one goes to the buyer.
   */
  holderEmails?: Readonly<Record<string, readonly string[]>>;
  /**
   * Meia-entrada beneficiaries, by cart line key: that many of the line's tickets are
   * reserved as meias (half price, the event's quota), the rest full price. Not for resale
   * lines; more beneficiaries than tickets are not sent.
   */
  meia?: Readonly<Record<string, readonly MeiaBeneficiary[]>>;
}

function ticketLine(
  item: CartItem,
  holderEmails: readonly string[] | undefined,
  meia: readonly MeiaBeneficiary[] | undefined,
): ReservationTicket {
  const line: ReservationTicket = {
    tk_qtd: item.amount,
    tk_id: item.id,
    is_from_resale: item.is_from_resale === 1 ? 1 : 0,
    resaleId: item.resaleId,
    original_n_number: item.n_number,
  };
  if (item.seatInfo?.isTable && item.seatInfo.tableId !== null) {
    // A table is one line: its chairs are sold together, named by the table (or group) id.
    line.table_id = line.seat_group_id = item.seatInfo.tableId;
    line.tk_qtd = 1;
  } else if (item.seatSelection) {
    line.seat_id = item.seatSelection.seat_id;
    line.tk_qtd = 1;
  }
  const emails = (holderEmails ?? []).map((email) => email.trim()).filter((email) => email !== '');
  // One e-mail per ticket: a table's line carries one for each of its seats.
  if (emails.length > 0) line.holder_emails = emails.slice(0, ticketUnits(item));
  // Each meia names its beneficiary; a list longer than the line's tickets is not sent.
  if (meia?.length && item.is_from_resale !== 1 && meia.length <= ticketUnits(item)) line.meia = [...meia];
  return line;
}

/**
 * Builds the reservation for the carts. The event is the first item's (the checkout
 * page's event); the coupon is trimmed and sent as `cupom` (empty when none).
 */
export function buildReservationPayload(input: ReservationInput): ReservationPayload {
  const first = input.tickets[0];
  return {
    user: input.userId,
    event_id: first?.eventId ?? input.products[0]?.product.eventId ?? '',
    n_number: first?.n_number ?? null,
    products: input.products.map((entry) => ({ product_qtd: entry.amount, product_id: entry.product.id })),
    tickets: input.tickets.map((item) =>
      ticketLine(item, input.holderEmails?.[cartItemKey(item)], input.meia?.[cartItemKey(item)]),
    ),
    cupom: (input.coupon ?? '').trim(),
    sessionId: input.sessionId,
  };
}

/** How the reservation went, for the checkout store: go, or why not with the spec's message. */
export type ReservationVerdict = { kind: 'ok' } | { kind: 'not-permitted' | 'partial'; message: string };

/** The API host answers the permission as a boolean or as 0/1. */
const permitted = (value: boolean | number | undefined): boolean => value === true || value === 1;

/**
 * Reads the per-ticket answer against what was requested. A ticket not permitted to buy
 * ends the attempt (carts are cleared); an allowance below 1 or below the quantity asked
 * means only part is left. The API host answers one entry per requested line, in order (two
 * seats of one lot are two lines of one unit each), so each entry is read against its own
 * line; an answer shaped otherwise is read against the quantity asked for that ticket id,
 * summed over its lines.
 */
export function evaluateReservation(
  requested: readonly ReservationTicket[],
  answer: readonly ReservedTicket[],
): ReservationVerdict {
  if (answer.some((ticket) => !permitted(ticket.tk_allow?.tk_is_permitted_to_buy))) {
    return { kind: 'not-permitted', message: RESERVATION_MESSAGES.notPermitted };
  }
  const wanted: Record<string, number> = {};
  for (const line of requested) wanted[line.tk_id] = (wanted[line.tk_id] ?? 0) + line.tk_qtd;
  // A missing allowance is NaN, which is not at least 1; a ticket id nobody asked for
  // wants `undefined`, which no allowance is below.
  const perLine =
    answer.length === requested.length &&
    answer.every((ticket, index) => String(ticket.tk_id) === String(requested[index]?.tk_id));
  const short = answer.some((ticket, index) => {
    const allow = Number(ticket.tk_allow?.tk_allow);
    const asked = perLine ? requested[index]!.tk_qtd : wanted[ticket.tk_id]!;
    return !(allow >= 1) || allow < asked;
  });
  return short ? { kind: 'partial', message: RESERVATION_MESSAGES.partial } : { kind: 'ok' };
}

/** The message for a failed reservation call: the server's text, else the default. */
export function reservationFailureMessage(serverMessage?: string | null): string {
  return serverMessage?.trim() ? serverMessage : RESERVATION_MESSAGES.failed;
}
