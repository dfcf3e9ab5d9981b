/**
 * Checkout rules (docs/core-buying.md): what quitting and ending checkout do with seat holds.
 */
import { type CartItem, seatsInCart } from './cart.ts';
import { addSeatHold, holderSessionOf, isSeatRecorded, removeSeatHold, type SeatHold } from './seat-hold.ts';

/** Holds to renew and holds to give back when the buyer leaves checkout. */
export interface QuitCheckoutPlan {
  /** Seats still in the cart: held again for the full seat-hold period. */
  refresh: SeatHold[];
  /** Recorded holds whose seats left the cart: released. */
  release: SeatHold[];
}

/**
 * Quit checkout (docs/core-buying.md): if the cart still has seats their holds are refreshed,
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
