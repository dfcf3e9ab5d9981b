/**
 * Checkout rules (spec §4, §5, §8): what quitting checkout does with seat holds, the
 * service fee line, and the checks and messages of finalizing held seats.
 */
import { type CartItem, type EntityId, seatsInCart } from './cart.ts';
import { isValidEmail } from './email.ts';
import { addSeatHold, holderSessionOf, isSeatRecorded, removeSeatHold, type SeatHold } from './seat-flow.ts';

/** Holds to renew and holds to give back when the buyer leaves checkout. */
export interface QuitCheckoutPlan {
  /** Seats still in the cart: held again for the full seat-flow period. */
  refresh: SeatHold[];
  /** Recorded holds whose seats left the cart: released. */
  release: SeatHold[];
}

/**
 * Quit checkout (spec §4): if the cart still has seats their holds are refreshed,
 * otherwise the recorded holds are released. Recorded seats no longer in the cart are
 * released in both cases, so nothing stays held for nobody.
 */
export function planQuitCheckout(cart: readonly CartItem[], holds: readonly SeatHold[]): QuitCheckoutPlan {
  // Each seat is renewed as the session that holds it (holds belong to a session).
  let refresh: SeatHold[] = [];
  for (const entry of seatsInCart(cart)) {
    for (const id of entry.seatIds) {
      refresh = addSeatHold(refresh, entry.eventId, [id], holderSessionOf(holds, entry.eventId, id));
    }
  }
  // `removeSeatHold` and `addSeatHold` return new lists and records, so the recorded holds
  // themselves are never changed here.
  let release = [...holds];
  for (const kept of refresh) release = removeSeatHold(release, kept.eventId, kept.seatIds);
  return { refresh, release };
}

/**
 * Everything end checkout releases: the recorded holds, plus cart seats missing from the
 * records (kept by this tab's session).
 */
export function holdsToRelease(cart: readonly CartItem[], holds: readonly SeatHold[]): SeatHold[] {
  let all = [...holds];
  for (const entry of seatsInCart(cart)) {
    const missing = entry.seatIds.filter((id) => !isSeatRecorded(holds, entry.eventId, id));
    if (missing.length > 0) all = addSeatHold(all, entry.eventId, missing);
  }
  return all;
}

/** Holds that should be recorded for the cart's seats (after a refresh). */
export function holdsForCart(cart: readonly CartItem[]): SeatHold[] {
  return seatsInCart(cart).reduce<SeatHold[]>(
    (holds, entry) => addSeatHold(holds, entry.eventId, entry.seatIds),
    [],
  );
}

/** Default service fee: 10% of tickets and products, in basis points (decisions §4). */
export const DEFAULT_SERVICE_FEE_BPS = 1000;

/**
 * The service fee ("taxa") shown beside a subtotal, rounded to the nearest cent. The
 * reservation answer's own figures win once checkout has started; this is the estimate
 * the cart shows before that.
 */
export function serviceFeeCents(subtotalCents: number, feeBps: number = DEFAULT_SERVICE_FEE_BPS): number {
  if (!(subtotalCents > 0) || !(feeBps > 0)) return 0;
  return Math.round((subtotalCents * feeBps) / 10_000);
}

/** pt-BR messages for finalizing held seats (spec §8 names the cases; texts decided here). */
export const SEAT_CHECKOUT_MESSAGES = {
  unavailable:
    'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
  corrupted: 'Os dados da sua compra estão incompletos. Atualize a página e selecione os assentos novamente.',
  sessionExpired:
    'Sua sessão expirou ou os assentos não estão mais reservados para você. Selecione-os novamente.',
  invalidFormat: 'Não foi possível processar os dados enviados. Atualize a página e tente novamente.',
  serverError: 'Erro no servidor ao finalizar a compra. Tente novamente em alguns instantes.',
  networkError: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
} as const;

/** What finalizing held seats needs (spec §5). */
export interface SeatCheckoutInput {
  eventId: EntityId | null | undefined;
  seatSelections: readonly unknown[] | null | undefined;
  customerInfo: { email?: string | null } | null | undefined;
  sessionId: string | null | undefined;
}

/**
 * Checks held-seat checkout data before sending it: event id, at least one seat
 * selection, a customer e-mail and a session id. Returns the message for corrupted data,
 * or `null` when it may be sent.
 */
export function seatCheckoutProblem(input: SeatCheckoutInput): string | null {
  const hasEvent = input.eventId !== null && input.eventId !== undefined && String(input.eventId) !== '';
  const hasSeats = Array.isArray(input.seatSelections) && input.seatSelections.length > 0;
  const hasEmail = isValidEmail(input.customerInfo?.email ?? '');
  const hasSession = typeof input.sessionId === 'string' && input.sessionId.trim() !== '';
  return hasEvent && hasSeats && hasEmail && hasSession ? null : SEAT_CHECKOUT_MESSAGES.corrupted;
}

/** The message for a failed seat finalization, by HTTP status (0: no answer). */
export function seatCheckoutFailureMessage(status: number): string {
  if (status === 0) return SEAT_CHECKOUT_MESSAGES.networkError;
  if (status === 409) return SEAT_CHECKOUT_MESSAGES.unavailable;
  if (status === 403) return SEAT_CHECKOUT_MESSAGES.sessionExpired;
  if (status === 400) return SEAT_CHECKOUT_MESSAGES.invalidFormat;
  return SEAT_CHECKOUT_MESSAGES.serverError;
}
