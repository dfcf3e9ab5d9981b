import { atom, task } from 'nanostores';
import type { ApiError } from '../api/client.ts';
import { type ReservationAnswer, type ReservedOrder, reserveCart } from '../api/orders.ts';
import type { MeiaBeneficiary } from '../contracts/catalogue.ts';
import type { EntityId } from '../contracts/ids.ts';
import { CHECKOUT_MESSAGES } from '../messages/checkout.ts';
import { seatsInCart } from '../rules/cart.ts';
import { holdsToRelease, planQuitCheckout } from '../rules/checkout.ts';
import {
  buildReservationPayload,
  evaluateReservation,
  type ReservationPayload,
  type ReservedTicket,
  reservationFailureMessage,
} from '../rules/reservation.ts';
import { persistentAtom } from './browser-storage.ts';
import { $cart, $productCart, clearCarts, clearProductCart } from './cart.ts';
import { $checkoutStartedAt } from './checkout-state.ts';
import { $seatHolds, holdingSessionId, refreshSeatHolds, releaseSeatHolds } from './seat-hold.ts';
import { $user } from './session.ts';
import { showToast } from './toasts.ts';

/**
 * Checkout (docs/core-buying.md): start (the cart reservation), quit and end. The reservation
 * lives in `plateia:checkout`, so a reload or another tab sees the same checkout. Whether
 * a checkout is under way lives in `checkout-state.ts`, which every page keeps without the
 * authenticated client, and is re-exported here. The 15-minute expiry (`cart-expiry.ts`)
 * loads this module to end an expired checkout; this module does not import it back.
 */
export { $checkoutActive, $checkoutStartedAt } from './checkout-state.ts';

/** The started checkout: what was reserved and what the server answered. */
export interface CheckoutData {
  eventId: EntityId;
  /** The coupon sent as `cupom` (empty when none). */
  coupon: string;
  /** Per-ticket allowances the reservation answered (docs/core-buying.md). */
  tickets: ReservedTicket[];
  /** The order the reservation opened: totals, fee, discount and when it lapses. */
  order: ReservedOrder;
  /** The reservation that was sent, for the confirmation and for support. */
  payload: ReservationPayload;
}

function isCheckoutData(value: unknown): value is CheckoutData {
  // Optional chaining turns away what is not an object at all, `instanceof Object` a field
  // that is null or not an object.
  const data = value as Partial<CheckoutData> | null;
  return Array.isArray(data?.tickets) && data.payload instanceof Object && data.order instanceof Object;
}

/** The reservation answer of the started checkout, in `plateia:checkout`. */
export const $checkout = persistentAtom<CheckoutData | null>('plateia:checkout', null, {
  decode: (raw) => {
    const value: unknown = JSON.parse(raw);
    return isCheckoutData(value) ? value : undefined;
  },
});

/** The coupon code typed at checkout; sent as `cupom` with the reservation. */
export const $coupon = atom('');

/** Sets the coupon code used by the next {@link startCheckout}. */
export function setCoupon(code: string): void {
  $coupon.set(code);
}

/** Progress of {@link startCheckout} for buttons ("Finalizar Compra" is disabled while loading). */
export const $checkoutStatus = atom<{ loading: boolean; error: string | null }>({
  loading: false,
  error: null,
});

/** Why {@link startCheckout} did not start. */
export type StartCheckoutFailure = 'empty' | 'login' | 'not-permitted' | 'partial' | 'error';

/** The outcome of {@link startCheckout}. */
export type StartCheckoutResult =
  | { ok: true; checkout: CheckoutData }
  | { ok: false; reason: StartCheckoutFailure; message: string };

function failed(reason: StartCheckoutFailure, message: string): StartCheckoutResult {
  $checkoutStatus.set({ loading: false, error: message });
  // Without a login the page opens the login gate instead of a toast.
  if (reason !== 'login') showToast({ kind: 'error', message });
  return { ok: false, reason, message };
}

/** Options of {@link startCheckout}. */
export interface StartCheckoutOptions {
  /** Coupon code; defaults to {@link $coupon}. */
  coupon?: string;
  /** Who receives each ticket, by cart line key (`cartItemKey`); the buyer when absent. */
  holderEmails?: Readonly<Record<string, readonly string[]>>;
  /** Meia-entrada beneficiaries, by cart line key: up to one per ticket of the line (docs/meia-entrada.md). */
  meia?: Readonly<Record<string, readonly MeiaBeneficiary[]>>;
}

/**
 * Starts checkout (docs/core-buying.md): reserves the carts (`POST /cart/reserve`, with the
 * coupon as `cupom` and this browser's session id). On success records the start time
 * and stores the answer. A ticket not permitted to buy clears the carts and releases the
 * holds; a ticket allowed below what was asked keeps the cart; other failures show the
 * server's text or "Erro ao iniciar checkout, tente novamente". Without a logged-in user
 * it resolves `reason: 'login'` without a toast: the page opens the login gate.
 */
export function startCheckout(options: StartCheckoutOptions = {}): Promise<StartCheckoutResult> {
  return task(async () => {
    const tickets = $cart.get();
    const products = $productCart.get();
    if (!tickets.length && !products.length) return failed('empty', CHECKOUT_MESSAGES.emptyCart);
    const user = $user.get();
    if (!user) return failed('login', CHECKOUT_MESSAGES.loginRequired);
    const coupon = (options.coupon ?? $coupon.get()).trim();
    $checkoutStatus.set({ loading: true, error: null });
    const payload = buildReservationPayload({
      userId: user.id,
      tickets,
      products,
      coupon,
      // Seats are reserved as the session holding them, which may be another tab's.
      sessionId: holdingSessionId(seatsInCart(tickets)),
      holderEmails: options.holderEmails,
      meia: options.meia,
    });
    let answer: ReservationAnswer;
    try {
      answer = await reserveCart(payload);
    } catch (error) {
      // An ApiError whose message is already the server's text or the default failure text.
      return failed('error', (error as ApiError).message);
    }
    const verdict = evaluateReservation(payload.tickets, answer.tickets);
    if (verdict.kind !== 'ok') {
      // Not permitted ends the attempt (carts cleared, holds released); partial keeps the cart.
      if (verdict.kind === 'not-permitted') await endCheckoutNow();
      return failed(verdict.kind, verdict.message);
    }
    // Tickets are fine but nothing was reserved: a product ran out or the coupon is spent.
    if (!answer.order) return failed('error', reservationFailureMessage(answer.message));
    const checkout: CheckoutData = {
      eventId: payload.event_id,
      coupon,
      tickets: answer.tickets,
      order: answer.order,
      payload,
    };
    $checkout.set(checkout);
    $checkoutStartedAt.set(Date.now());
    $checkoutStatus.set({ loading: false, error: null });
    return { ok: true, checkout };
  });
}

/** Forgets the started checkout: its start time, the reservation answer and any error shown. */
function clearCheckout(): void {
  $checkoutStartedAt.set(null);
  $checkout.set(null);
  $checkoutStatus.set({ loading: false, error: null });
}

/** Closes checkout for good: the carts, the checkout and the coupon are cleared. */
function closeCheckout(): void {
  clearCarts();
  clearCheckout();
  $coupon.set('');
}

/**
 * Quits checkout (docs/core-buying.md): clears the start time; seats still in the cart are held again
 * for the full period, other recorded holds are released; the product cart is emptied.
 * The reservation answer is dropped too, since the next start reserves again.
 */
export function quitCheckout(): Promise<void> {
  return task(async () => {
    clearCheckout();
    const plan = planQuitCheckout($cart.get(), $seatHolds.get());
    clearProductCart();
    // A seat lost meanwhile is caught again by the next reservation's answer.
    await refreshSeatHolds(plan.refresh);
    try {
      await releaseSeatHolds(plan.release);
    } catch {
      // Unreleased holds lapse on their own.
    }
  });
}

async function endCheckoutNow(): Promise<void> {
  const releases = holdsToRelease($cart.get(), $seatHolds.get());
  closeCheckout();
  try {
    await releaseSeatHolds(releases);
  } catch {
    // Holds the server still keeps lapse on their own.
  }
}

/** Ends checkout (docs/core-buying.md): releases the holds and clears the carts and checkout data. */
export function endCheckout(): Promise<void> {
  return task(endCheckoutNow);
}

/**
 * Closes a paid checkout: the carts and checkout data are cleared, and the seat records
 * forgotten without releasing them (they are sold now).
 */
export function completeCheckout(): void {
  $seatHolds.set([]);
  closeCheckout();
}
