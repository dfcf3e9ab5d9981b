/**
 * The buying calls (spec §7 plus decisions §4 and §6): catalogue, seats, cart
 * reservation, pixel and payments, and the mapping from catalogue and seat-map answers to
 * cart items. Every request and answer shape of the buying side is mapped here and
 * nowhere else (docs/buying.md and docs/payments.md describe the API host's side), so a
 * change there touches this one file. Failures reject with an {@link ApiError}.
 */

import type { EventSummary } from '../contracts/catalogue.ts';
import type { ProductAllowance, ReservedOrder } from '../contracts/orders.ts';
import type { CardChargeAnswer, PaymentStatusAnswer, PixCharge } from '../contracts/payments.ts';
import type { SeatMap, SeatRow, SeatSection, SeatTable } from '../contracts/seat-map.ts';
import { type CartItem, type EntityId, type SeatSelection, ticketItem } from '../rules/cart.ts';
import { seatCheckoutFailureMessage, seatCheckoutProblem } from '../rules/checkout.ts';
import type { InstallmentOption } from '../rules/installments.ts';
import type { ReservationPayload, ReservedTicket } from '../rules/reservation.ts';
import { RESERVATION_MESSAGES } from '../rules/reservation.ts';
import { SEAT_MESSAGES } from '../rules/seat-flow.ts';
import { apiClient, callApi, toApiError } from './client.ts';
import type { KyCompatCallOptions } from './ky-compat.ts';
import { ApiError, CATALOGUE_LOAD_FAILED, type StatusMessages, searchParams, wireId } from './public-read.ts';

export { addPixel, CATALOGUE_LOAD_FAILED, fetchEvent, fetchEvents, wireId } from './public-read.ts';

// The public reads (catalogue, pixel) live in `api/public-read.ts` on fetch alone, so a
// page that only shows a buy button never downloads the ky client these calls use (every
// module that calls them, the seat, checkout and payment stores, needs the client anyway).

/** `GET path` through the ky client: the JSON answer, or an {@link ApiError} chosen by `messages`. */
function getJson<T>(
  path: string,
  messages: StatusMessages,
  options?: Pick<KyCompatCallOptions, 'searchParams' | 'retry'>,
): Promise<T> {
  return callApi(() => apiClient().get(path, options).json<T>(), messages);
}

/** `POST path` with a JSON body through the ky client, as {@link getJson}. */
function postJson<T>(path: string, json: unknown, messages: StatusMessages): Promise<T> {
  return callApi(() => apiClient().post(path, { json }).json<T>(), messages);
}

/** Message for payment calls that fail without a server text (decided in docs/core-buying.md). */
export const PAYMENT_FAILED = 'Não foi possível processar o pagamento, tente novamente';

// ---------------------------------------------------------------------------------------
// Catalogue

export type {
  EventDetail,
  EventSummary,
  ProductInfo,
  ResaleOffer,
  TicketTypeInfo,
} from '../contracts/catalogue.ts';

/** A page of the listing. */
export interface EventPage {
  events: EventSummary[];
  total: number;
  page: number;
  limit: number;
}

/** Listing filters (`GET /events`). */
export interface EventQuery {
  q?: string;
  slug?: string;
  period?: 'upcoming' | 'past' | 'all';
  page?: number;
  limit?: number;
}

const catalogueMessages = { fallback: CATALOGUE_LOAD_FAILED, preferServerMessage: true };

// ---------------------------------------------------------------------------------------
// Seat maps

export type { SeatMap, SeatRow, SeatSection, SeatTable } from '../contracts/seat-map.ts';

/** `GET /seat/sections/{id}/pricing`: the lots that sell a section's seats. */
export interface SectionPricing {
  sectionId: number;
  eventId: number;
  name: string;
  kind: string;
  priceFromCents: number | null;
  ticketTypes: Array<{
    id: number;
    name: string;
    description: string;
    n_number: number;
    priceCents: number;
    perOrderLimit: number;
  }>;
}

/** `GET /seat/maps/{eventId}`. */
export function fetchSeatMap(eventId: EntityId): Promise<SeatMap> {
  return getJson(`seat/maps/${encodeURIComponent(eventId)}`, catalogueMessages);
}

/** `GET /seat/maps/{eventId}/submap/{sectionId}`: one section with its rows and tables. */
export function fetchSubmap(eventId: EntityId, sectionId: EntityId): Promise<SeatSection> {
  return getJson(
    `seat/maps/${encodeURIComponent(eventId)}/submap/${encodeURIComponent(sectionId)}`,
    catalogueMessages,
  );
}

/** `GET /seat/sections/{id}/pricing`. */
export function fetchSectionPricing(sectionId: EntityId): Promise<SectionPricing> {
  return getJson(`seat/sections/${encodeURIComponent(sectionId)}/pricing`, catalogueMessages);
}

// ---------------------------------------------------------------------------------------
// Seat service

export type { SeatStatus } from '../contracts/seat-map.ts';

const seatAddMessages = { 409: SEAT_MESSAGES.takenByAnother, fallback: SEAT_MESSAGES.addFailed };

/** The seats of an event and the session they are for, as the seat service's bodies name them. */
const seatsBody = (eventId: EntityId, seatIds: readonly string[], sessionId: string) => ({
  eventId: wireId(eventId),
  seatIds: seatIds.map(wireId),
  sessionId,
});

/**
 * `GET /seat/status`: the status of each seat for this browser session. Without seat ids
 * the service answers only the seats that are not available (the picker's sparse view).
 */
export async function fetchSeatStatus(
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId: string,
): Promise<Record<string, string>> {
  // An empty `seatIds` is left out of the query (undefined search parameters are).
  const answer = await getJson<{ data?: Record<string, string> }>('seat/status', seatAddMessages, {
    searchParams: { eventId, sessionId, seatIds: seatIds.join(',') || undefined },
  });
  return answer.data ?? {};
}

/**
 * `POST /seat/hold`: holds all the seats for this session, or none. A taken seat rejects
 * with status 409 and the server's message.
 */
export async function holdSeats(
  eventId: EntityId,
  seatIds: readonly string[],
  holdSeconds: number,
  sessionId: string,
): Promise<void> {
  const answer = await postJson<{ success?: boolean; message?: string }>(
    'seat/hold',
    { ...seatsBody(eventId, seatIds, sessionId), holdSeconds },
    seatAddMessages,
  );
  if (answer.success === false) {
    throw new ApiError(answer.message || SEAT_MESSAGES.takenByAnother, {
      status: 409,
      serverMessage: answer.message,
      data: answer,
    });
  }
}

/** `POST /seat/release`: gives this session's holds on the seats back. */
export async function releaseSeats(
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId: string,
): Promise<void> {
  await callApi(() => apiClient().post('seat/release', { json: seatsBody(eventId, seatIds, sessionId) }), {
    fallback: SEAT_MESSAGES.removeFailed,
  });
}

/** The body of `POST /seat/checkout` (spec §7). */
export interface SeatCheckoutPayload {
  eventId: EntityId;
  seatSelections: SeatSelection[];
  customerInfo: { email: string; name?: string };
  paymentInfo?: unknown;
  sessionId: string;
}

/**
 * `POST /seat/checkout`: reserves held seats as an order without going through the cart.
 * The data is checked first (spec §5: event, seats, customer e-mail, session id); failures
 * reject with the spec's cases (corrupted data, 403 seats no longer held or session
 * expired, 400 invalid format, 5xx, network), using the server's text when it sent one.
 */
export async function checkoutSeats(payload: SeatCheckoutPayload): Promise<ReservedOrder> {
  const problem = seatCheckoutProblem(payload);
  if (problem) throw new ApiError(problem, { status: 0 });
  try {
    const answer = await apiClient()
      .post('seat/checkout', {
        json: {
          ...payload,
          eventId: wireId(payload.eventId),
          seatSelections: payload.seatSelections.map((selection) => ({
            ...selection,
            seat_id: wireId(selection.seat_id),
            ticket_type_id: selection.ticket_type_id === null ? undefined : wireId(selection.ticket_type_id),
            section_id: selection.section_id === null ? undefined : wireId(selection.section_id),
            row_id: selection.row_id ?? undefined,
            seat_number: selection.seat_number ?? undefined,
          })),
        },
      })
      .json<{ success: boolean; order: ReservedOrder }>();
    return answer.order;
  } catch (error) {
    const failure = toApiError(error, { fallback: SEAT_MESSAGES.addFailed });
    // The API host's 4xx texts name the exact problem; server and network failures get ours.
    const clientError = failure.status >= 400 && failure.status < 500;
    const message = (clientError && failure.serverMessage) || seatCheckoutFailureMessage(failure.status);
    throw new ApiError(message, {
      status: failure.status,
      code: failure.code,
      serverMessage: failure.serverMessage,
      data: failure.data,
      cause: error,
    });
  }
}

// ---------------------------------------------------------------------------------------
// Cart items from catalogue and seat-map answers

/** What the picker knows about a chosen seat. */
export interface SeatChoice {
  event: EventSummary;
  section: Pick<SeatSection, 'id' | 'name'>;
  row: Pick<SeatRow, 'label'>;
  seatId: number;
  seatNumber: string;
  /** The lot that sells this section's seats. */
  ticketType: { id: number; name: string; n_number: number; priceCents: number };
}

/** The lot that sells a seat map's seats and tables, as the picker knows it. */
type SeatLot = SeatChoice['ticketType'];

/**
 * The cart line of a lot sold with a numbered place: a seat or a whole table, named in the
 * cart by `seatDetails.seatNumber` (the seat's number or the table's name).
 */
function placeItem(
  event: EventSummary,
  ticketType: SeatLot,
  seatDetails: NonNullable<CartItem['seatDetails']>,
  place: Pick<CartItem, 'seatSelection'> | Pick<CartItem, 'seatInfo'>,
): CartItem {
  return ticketItem({
    id: ticketType.id,
    eventId: event.id,
    eventPixel: event.pixel || null,
    tk_price: ticketType.priceCents,
    n_number: ticketType.n_number,
    numerationSelected: seatDetails.seatNumber,
    name: ticketType.name,
    seatDetails,
    ...place,
  });
}

/** The cart line for one seat, for `addSeatToCart`. */
export function seatCartItem(choice: SeatChoice): CartItem {
  const { section, row, ticketType, seatNumber } = choice;
  return placeItem(
    choice.event,
    ticketType,
    { sectionName: section.name, rowName: row.label, seatNumber },
    {
      seatSelection: {
        seat_id: choice.seatId,
        section_id: section.id,
        row_id: row.label,
        seat_number: seatNumber,
        ticket_type_id: ticketType.id,
        price: ticketType.priceCents,
      },
    },
  );
}

/** The cart line for a whole table (its seats are sold together), for `addSeatToCart`. */
export function tableCartItem(choice: {
  event: EventSummary;
  section: Pick<SeatSection, 'id' | 'name'>;
  table: Pick<SeatTable, 'id' | 'name' | 'seatIds'>;
  ticketType: SeatLot;
}): CartItem {
  const { table } = choice;
  return placeItem(
    choice.event,
    choice.ticketType,
    { sectionName: choice.section.name, rowName: '', seatNumber: table.name },
    { seatInfo: { isTable: true, tableId: table.id, tableName: table.name, seats: [...table.seatIds] } },
  );
}

// ---------------------------------------------------------------------------------------
// Cart reservation and pixel

export type { OrderItemView as ReservedOrderItem, ReservedOrder } from '../contracts/orders.ts';

/** What the server allows for one product line. */
export type ReservedProduct = ProductAllowance;

/**
 * What `POST /cart/reserve` answered: the per-ticket allowances (spec §3), the product
 * allowances, the order when it was reserved, and the server's message when it was not.
 */
export interface ReservationAnswer {
  tickets: ReservedTicket[];
  products: ReservedProduct[];
  order: ReservedOrder | null;
  message: string | null;
}

type ReserveBody = {
  success?: boolean;
  message?: string;
  tickets?: ReservedTicket[];
  products?: ReservedProduct[];
  order?: ReservedOrder | null;
};

function readReservation(body: ReserveBody | ReservedTicket[] | null | undefined): ReservationAnswer {
  // The spec's own shape is a bare array of tickets; the API host wraps it with the order.
  const answer = Array.isArray(body) ? { tickets: body } : body;
  return {
    tickets: answer?.tickets ?? [],
    products: answer?.products ?? [],
    order: answer?.order ?? null,
    message: answer?.message ?? null,
  };
}

/**
 * `POST /cart/reserve` (spec §7). An answer of 409 (something is no longer available)
 * resolves too, with the allowances it carries, so the caller can apply the spec's rules;
 * other failures reject with the server's text or "Erro ao iniciar checkout, tente novamente".
 */
export async function reserveCart(payload: ReservationPayload): Promise<ReservationAnswer> {
  const body = {
    ...payload,
    user: wireId(payload.user),
    event_id: wireId(payload.event_id),
    products: payload.products.map((line) => ({ ...line, product_id: wireId(line.product_id) })),
    tickets: payload.tickets.map((line) => {
      const wire: Record<string, unknown> = { ...line };
      // An id the line lacks stays undefined, which JSON leaves out.
      for (const key of ['tk_id', 'resaleId', 'seat_id', 'table_id', 'seat_group_id'] as const) {
        wire[key] = wireId(line[key]);
      }
      return wire;
    }),
    // No coupon travels as null.
    cupom: payload.cupom || null,
  };
  try {
    const answer = await postJson<ReserveBody>('cart/reserve', body, {
      fallback: RESERVATION_MESSAGES.failed,
      preferServerMessage: true,
    });
    return readReservation(answer);
  } catch (error) {
    // `postJson` rejects with an ApiError only. A 409 whose body is an object (or the bare
    // array of tickets) carries the allowances.
    const { status, data } = error as ApiError;
    if (status === 409 && data instanceof Object) return readReservation(data as ReserveBody);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------
// Payments (docs/payments.md)

export type {
  CardChargeAnswer,
  OrderPaymentStatus,
  PaymentStatusAnswer,
  PixCharge,
} from '../contracts/payments.ts';

const paymentMessages = { fallback: PAYMENT_FAILED, preferServerMessage: true };

/** `POST /payments/pix`: opens the PIX charge of a reserved order (or returns the open one). */
export function createPixCharge(orderId: EntityId): Promise<PixCharge> {
  return postJson('payments/pix', { orderId: wireId(orderId) }, paymentMessages);
}

/** `GET /payments/{orderId}/status`, for polling. */
export function fetchPaymentStatus(orderId: EntityId): Promise<PaymentStatusAnswer> {
  // The poller keeps its own rhythm; ky's retries would only stack delays on top of it.
  return getJson(`payments/${encodeURIComponent(orderId)}/status`, paymentMessages, { retry: 0 });
}

/** One installment option as the API host computes it (core's installment rule). */
export type CardInstallmentOption = InstallmentOption;

/** `GET /payments/card/config`: the gateway's tokeniser and the installment limits. */
export interface CardConfig {
  /** The tokeniser script to load. */
  tokenizerUrl: string;
  /** The global the script defines. */
  tokenizerGlobal: string;
  maxInstallments: number;
  minInstallmentCents: number;
  amount: number | null;
  installments: CardInstallmentOption[];
  sandbox: boolean;
  testCards?: Array<{ number: string; holder: string; outcome: string }>;
}

/** `GET /payments/card/config`, with the options for `amountCents` when given. */
export function fetchCardConfig(amountCents?: number): Promise<CardConfig> {
  return getJson('payments/card/config', paymentMessages, {
    searchParams: searchParams({ amount: amountCents }),
  });
}

/** A card payment: the gateway's token, never card data. */
export interface CardChargeRequest {
  orderId: EntityId;
  /** Token from the gateway's tokeniser. */
  token: string;
  installments: number;
}

/**
 * `POST /payments/card`. The idempotency key names the attempt: a retried request with
 * the same key returns the first outcome instead of charging again.
 */
export function chargeCard(request: CardChargeRequest, idempotencyKey: string): Promise<CardChargeAnswer> {
  return postJson(
    'payments/card',
    { ...request, orderId: wireId(request.orderId), idempotencyKey },
    paymentMessages,
  );
}
