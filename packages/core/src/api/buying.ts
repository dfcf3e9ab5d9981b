/**
 * The buying calls (spec §7 plus decisions §4 and §6): catalogue, seats, cart
 * reservation, pixel and payments. Every request and answer shape of the buying side is
 * mapped here and nowhere else, so a change on the API host touches this one file.
 * Failures reject with an {@link ApiError} (status, server message, pt-BR `message`).
 */
import type { EntityId } from '../rules/cart.ts';
import type { ReservationPayload, ReservedTicket } from '../rules/reservation.ts';
import { RESERVATION_MESSAGES } from '../rules/reservation.ts';
import { SEAT_MESSAGES } from '../rules/seat-flow.ts';
import { ApiError, apiClient, callApi } from './client.ts';

/** Message for catalogue reads that fail (not in the spec; decided in docs/core-buying.md). */
export const CATALOGUE_LOAD_FAILED = 'Não foi possível carregar os eventos, tente novamente';

/** Message for payment calls that fail without a server text (decided in docs/core-buying.md). */
export const PAYMENT_FAILED = 'Não foi possível processar o pagamento, tente novamente';

// ---------------------------------------------------------------------------------------
// Catalogue

/** An event in the listing. */
export interface EventSummary {
  id: number;
  slug: string;
  name: string;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  image: string;
  /** Lowest ticket price in cents, when the listing carries it. */
  minPriceCents?: number | null;
  [field: string]: unknown;
}

/** One lot of a ticket type, as the event page sells it. */
export interface TicketTypeInfo {
  id: number;
  name: string;
  description?: string;
  /** Lot number. */
  n_number: number;
  priceCents: number;
  /** Units still on sale. */
  available: number;
  perOrderLimit: number;
  /** Sold only with a seat or table of the seat map. */
  numbered: boolean;
  sectionId?: number | null;
  [field: string]: unknown;
}

/** A marketplace product of an event. */
export interface ProductInfo {
  id: number;
  name: string;
  description?: string;
  image?: string;
  priceCents: number;
  /** Units still on sale. */
  available: number;
  perOrderLimit: number;
  [field: string]: unknown;
}

/** An event with what its page sells. */
export interface EventDetail extends EventSummary {
  description: string;
  pixel: string;
  /** Service fee in basis points of tickets and products (1000 = 10%). */
  serviceFeeBps: number;
  hasSeatMap: boolean;
  ticketTypes: TicketTypeInfo[];
  products: ProductInfo[];
}

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
  page?: number;
  limit?: number;
}

const catalogueMessages = { fallback: CATALOGUE_LOAD_FAILED, preferServerMessage: true };

function searchParams(query: Record<string, string | number | undefined | null>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** `GET /events`: a page of upcoming events, filtered by text or slug. */
export async function fetchEvents(query: EventQuery = {}): Promise<EventPage> {
  const answer = await callApi(
    () =>
      apiClient()
        .get('events', { searchParams: searchParams({ ...query }) })
        .json<Partial<EventPage> | EventSummary[]>(),
    catalogueMessages,
  );
  if (Array.isArray(answer)) return { events: answer, total: answer.length, page: 1, limit: answer.length };
  const events = answer.events ?? [];
  return {
    events,
    total: answer.total ?? events.length,
    page: answer.page ?? query.page ?? 1,
    limit: answer.limit ?? query.limit ?? events.length,
  };
}

/** `GET /events/{id}`: an event with its ticket types, products, fee and seat-map flag. */
export async function fetchEvent(id: EntityId): Promise<EventDetail> {
  const answer = await callApi(
    () =>
      apiClient()
        .get(`events/${encodeURIComponent(String(id))}`)
        .json<Record<string, unknown>>(),
    catalogueMessages,
  );
  // The detail may come bare or wrapped as `data` / `event`.
  const wrapped = answer.data ?? answer.event;
  return (wrapped && typeof wrapped === 'object' ? wrapped : answer) as EventDetail;
}

// ---------------------------------------------------------------------------------------
// Seats

const seatAddMessages = { 409: SEAT_MESSAGES.takenByAnother, fallback: SEAT_MESSAGES.addFailed };

/**
 * `GET /seat/maps/{eventId}`: the event's seat map, passed through as the API host
 * shapes it (docs/buying.md) for the picker to draw.
 */
export function fetchSeatMap<T = unknown>(eventId: EntityId): Promise<T> {
  return callApi(
    () =>
      apiClient()
        .get(`seat/maps/${encodeURIComponent(String(eventId))}`)
        .json<T>(),
    catalogueMessages,
  );
}

/**
 * `GET /seat/status`: the status of each seat (`available`, `held`, `sold`, …) for this
 * browser session. Ids the answer leaves out are unknown, which the seat flow treats as
 * not available.
 */
export async function fetchSeatStatus(
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId: string,
): Promise<Record<string, string>> {
  const answer = await callApi(
    () =>
      apiClient()
        .get('seat/status', {
          searchParams: { eventId: String(eventId), seatIds: seatIds.join(','), sessionId },
        })
        .json<{ data?: Record<string, unknown> }>(),
    seatAddMessages,
  );
  const statuses: Record<string, string> = {};
  for (const [id, status] of Object.entries(answer.data ?? {})) {
    if (typeof status === 'string') statuses[id] = status;
    // Some answers carry `{ status }` per seat; keep only the status word.
    else if (
      status &&
      typeof status === 'object' &&
      typeof (status as { status?: unknown }).status === 'string'
    ) {
      statuses[id] = (status as { status: string }).status;
    }
  }
  return statuses;
}

/**
 * `POST /seat/hold`: holds seats for this session. A taken seat rejects with status 409
 * and the server's message; an answer of `success: false` rejects the same way.
 */
export async function holdSeats(
  eventId: EntityId,
  seatIds: readonly string[],
  holdSeconds: number,
  sessionId: string,
): Promise<void> {
  const answer = await callApi(
    () =>
      apiClient()
        .post('seat/hold', { json: { eventId, seatIds, holdSeconds, sessionId } })
        .json<{ success?: boolean; message?: string }>(),
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
  await callApi(() => apiClient().post('seat/release', { json: { eventId, seatIds, sessionId } }), {
    fallback: SEAT_MESSAGES.removeFailed,
  });
}

/** The body of `POST /seat/checkout` (spec §7). */
export interface SeatCheckoutPayload {
  eventId: EntityId;
  seatSelections: unknown[];
  customerInfo: { email: string; name?: string; [field: string]: unknown };
  paymentInfo?: unknown;
  sessionId: string;
}

/** `POST /seat/checkout`: finalizes held seats; resolves with the server's answer. */
export async function checkoutSeats(
  payload: SeatCheckoutPayload,
): Promise<{ success: boolean; error?: string; [field: string]: unknown }> {
  return callApi(() => apiClient().post('seat/checkout', { json: payload }).json(), {
    409: SEAT_MESSAGES.checkoutUnavailable,
    fallback: SEAT_MESSAGES.addFailed,
  });
}

// ---------------------------------------------------------------------------------------
// Cart reservation and pixel

/** The order the reservation opened, when the API host answers it beside the tickets. */
export interface ReservedOrder {
  orderId: number | string | null;
  number: string | null;
  subtotalCents: number | null;
  discountCents: number | null;
  feeCents: number | null;
  totalCents: number | null;
  /** When the reservation lapses (ISO time), if answered. */
  expiresAt: string | null;
}

/** What `POST /cart/reserve` answered: per-ticket allowances plus the order, if any. */
export interface ReservationAnswer {
  tickets: ReservedTicket[];
  order: ReservedOrder | null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function readOrder(raw: unknown): ReservedOrder | null {
  if (!raw || typeof raw !== 'object') return null;
  const record = raw as Record<string, unknown>;
  const orderId = record.orderId ?? record.order_id ?? record.id ?? null;
  if (orderId === null) return null;
  return {
    orderId: typeof orderId === 'number' || typeof orderId === 'string' ? orderId : null,
    number: typeof record.number === 'string' ? record.number : null,
    subtotalCents: numberOrNull(record.subtotalCents ?? record.subtotal_cents),
    discountCents: numberOrNull(record.discountCents ?? record.discount_cents),
    feeCents: numberOrNull(record.feeCents ?? record.fee_cents),
    totalCents: numberOrNull(record.totalCents ?? record.total_cents),
    expiresAt:
      typeof (record.expiresAt ?? record.expires_at) === 'string'
        ? String(record.expiresAt ?? record.expires_at)
        : null,
  };
}

/**
 * `POST /cart/reserve` (spec §7). The answer is the spec's array of tickets, or an object
 * carrying that array as `tickets` beside the order it opened.
 */
export async function reserveCart(payload: ReservationPayload): Promise<ReservationAnswer> {
  const answer = await callApi(() => apiClient().post('cart/reserve', { json: payload }).json<unknown>(), {
    fallback: RESERVATION_MESSAGES.failed,
    preferServerMessage: true,
  });
  if (Array.isArray(answer)) return { tickets: answer as ReservedTicket[], order: null };
  const record = (answer ?? {}) as Record<string, unknown>;
  const tickets = Array.isArray(record.tickets) ? (record.tickets as ReservedTicket[]) : [];
  return { tickets, order: readOrder(record.order ?? record) };
}

/** `POST /pixel/add` (spec §7): a page-view hit for the event's pixel; `tipo` is 3. */
export async function addPixel(hit: {
  hash: string;
  ismobile: boolean | number;
  evtid: EntityId;
}): Promise<void> {
  await callApi(
    () =>
      apiClient().post('pixel/add', {
        json: { hash: hit.hash, ismobile: hit.ismobile ? 1 : 0, evtid: hit.evtid, tipo: 3 },
      }),
    { fallback: '' },
  );
}

// ---------------------------------------------------------------------------------------
// Payments (docs/payments.md)

/** Payment status words the API host answers. */
export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'declined' | 'cancelled' | 'failed';

/** A PIX charge: the BR Code ("copia e cola"), its QR image and when it lapses. */
export interface PixCharge {
  orderId: number | string;
  brCode: string;
  /** QR image as SVG markup or a data URL, whichever the API host sends. */
  qrCode: string;
  amountCents: number | null;
  expiresAt: string | null;
  status: PaymentStatus;
  /** True on the sandbox PSP, which offers "Simular pagamento". */
  sandbox: boolean;
  /** The sandbox PSP's page or action URL to simulate the payment, when answered. */
  simulateUrl: string | null;
}

function readStatus(value: unknown): PaymentStatus {
  const known: PaymentStatus[] = ['pending', 'paid', 'expired', 'declined', 'cancelled', 'failed'];
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if ((known as string[]).includes(lower)) return lower as PaymentStatus;
    if (lower === 'approved' || lower === 'concluida' || lower === 'completed') return 'paid';
    if (lower === 'reserved' || lower === 'ativa' || lower === 'processing') return 'pending';
  }
  return 'pending';
}

const paymentMessages = { fallback: PAYMENT_FAILED, preferServerMessage: true };

/** `POST /payments/pix`: opens (or returns the open) PIX charge of an order. */
export async function createPixCharge(orderId: number | string): Promise<PixCharge> {
  const raw = await callApi(
    () => apiClient().post('payments/pix', { json: { orderId } }).json<Record<string, unknown>>(),
    paymentMessages,
  );
  const str = (...keys: string[]) => {
    for (const key of keys) if (typeof raw[key] === 'string') return raw[key] as string;
    return null;
  };
  return {
    orderId: (raw.orderId as number | string | undefined) ?? orderId,
    brCode: str('brCode', 'copiaECola', 'pixCopiaECola') ?? '',
    qrCode: str('qrCode', 'qrSvg', 'qrCodeSvg', 'qrImage') ?? '',
    amountCents: numberOrNull(raw.amountCents ?? raw.totalCents),
    expiresAt: str('expiresAt'),
    status: readStatus(raw.status),
    sandbox: raw.sandbox === true,
    simulateUrl: str('simulateUrl'),
  };
}

/** `GET /payments/{orderId}/status`: where the order's payment stands. */
export async function fetchPaymentStatus(orderId: number | string): Promise<PaymentStatus> {
  const raw = await callApi(
    () =>
      apiClient()
        // The poller has its own rhythm; ky's own retries would only stack delays on it.
        .get(`payments/${encodeURIComponent(String(orderId))}/status`, { retry: 0 })
        .json<{ status?: unknown }>(),
    paymentMessages,
  );
  return readStatus(raw.status);
}

/** The card gateway settings for the checkout's card form. */
export interface CardConfig {
  /** The gateway's tokeniser script (the sandbox gateway serves one). */
  scriptUrl: string | null;
  publicKey: string | null;
  maxInstallments: number;
  minInstallmentCents: number;
  sandbox: boolean;
  [field: string]: unknown;
}

/** `GET /payments/card/config`: tokeniser script, public key and installment limits. */
export async function fetchCardConfig(): Promise<CardConfig> {
  const raw = await callApi(
    () => apiClient().get('payments/card/config').json<Record<string, unknown>>(),
    paymentMessages,
  );
  return {
    ...raw,
    scriptUrl: typeof raw.scriptUrl === 'string' ? raw.scriptUrl : null,
    publicKey: typeof raw.publicKey === 'string' ? raw.publicKey : null,
    maxInstallments: numberOrNull(raw.maxInstallments) ?? 12,
    minInstallmentCents: numberOrNull(raw.minInstallmentCents) ?? 500,
    sandbox: raw.sandbox === true,
  };
}

/** A card charge request: the gateway's token, never the card number. */
export interface CardChargeRequest {
  orderId: number | string;
  cardToken: string;
  installments: number;
  /** Per-ticket holder e-mails or other buyer fields the API host accepts. */
  [field: string]: unknown;
}

/** What a card charge answered. */
export interface CardChargeResult {
  status: PaymentStatus;
  message: string | null;
}

/**
 * `POST /payments/card` with an `Idempotency-Key` header: the same key on a retried
 * request returns the first outcome instead of charging again.
 */
export async function chargeCard(
  request: CardChargeRequest,
  idempotencyKey: string,
): Promise<CardChargeResult> {
  const raw = await callApi(
    () =>
      apiClient()
        .post('payments/card', { json: request, headers: { 'Idempotency-Key': idempotencyKey } })
        .json<Record<string, unknown>>(),
    paymentMessages,
  );
  return { status: readStatus(raw.status), message: typeof raw.message === 'string' ? raw.message : null };
}
