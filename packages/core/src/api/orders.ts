/**
 * The cart reservation that opens an order (docs/core-buying.md `POST /cart/reserve`): the wire body
 * built from core's reservation payload, and the answer read into allowances and the
 * reserved order. The order shapes are core's orders contract, shared with the API host.
 * Failures reject with an `ApiError`.
 */
import type { ProductAllowance, ReservedOrder } from '../contracts/orders.ts';
import { RESERVATION_MESSAGES } from '../messages/orders.ts';
import type { ReservationPayload, ReservedTicket } from '../rules/reservation.ts';
import { postJson } from './client.ts';
import { type ApiError, wireId } from './public-read.ts';

export type { ReservedOrder } from '../contracts/orders.ts';

/** What the server allows for one product line. */
export type ReservedProduct = ProductAllowance;

/**
 * What `POST /cart/reserve` answered: the per-ticket allowances (docs/core-buying.md), the product
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
 * `POST /cart/reserve` (docs/core-buying.md). An answer of 409 (something is no longer available)
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
