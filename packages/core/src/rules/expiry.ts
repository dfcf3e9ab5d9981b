/**
 * Cart and checkout expiry (docs/core-buying.md): the cart expires 15 minutes after the last cart
 * change or the checkout start, whichever is later; then checkout ends by itself.
 */

/** Cart/checkout expiry window in milliseconds (docs/core-buying.md). */
export const CART_EXPIRY_MS = 900_000;

/** The moments expiry counts from; `null` when they never happened. */
export interface ExpiryClockMarks {
  cartUpdatedAt: number | null;
  checkoutStartedAt: number | null;
}

/** When the cart expires (epoch ms), or `null` when nothing started the clock. */
export function cartExpiresAt({ cartUpdatedAt, checkoutStartedAt }: ExpiryClockMarks): number | null {
  if (cartUpdatedAt === null && checkoutStartedAt === null) return null;
  return Math.max(cartUpdatedAt ?? -Infinity, checkoutStartedAt ?? -Infinity) + CART_EXPIRY_MS;
}

/** Whether the deadline has passed at `now`. */
export function isExpired(deadline: number | null, now: number): boolean {
  return deadline !== null && now >= deadline;
}

/** Milliseconds left before the deadline (never negative), or `null` without a deadline. */
export function msUntilExpiry(deadline: number | null, now: number): number | null {
  return deadline === null ? null : Math.max(0, deadline - now);
}

/** The clock an expiry timer uses; tests and servers inject their own. */
export interface ExpiryClock {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** The clock of the running page. Looked up on each call so fake timers apply. */
export const systemClock: ExpiryClock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A one-shot timer that fires `onExpire` once the latest scheduled deadline passes. */
export interface ExpiryTimer {
  /** Replaces the deadline; `null` disarms. A past deadline fires on the next tick. */
  schedule(deadline: number | null): void;
  stop(): void;
}

// Browsers clamp longer setTimeout delays to 1 ms, so long waits are taken in steps.
const MAX_TIMER_MS = 2_147_483_647;

/** Creates an expiry timer on the given clock. */
export function createExpiryTimer(onExpire: () => void, clock: ExpiryClock = systemClock): ExpiryTimer {
  let handle: unknown = null;
  let deadline: number | null = null;
  const clear = () => {
    if (handle !== null) clock.clearTimer(handle);
    handle = null;
  };
  const arm = () => {
    clear();
    // A new deadline (or none) always re-arms, so the timer set here serves this one.
    const at = deadline;
    if (at === null) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(0, at - clock.now()));
    handle = clock.setTimer(() => {
      handle = null;
      // Timers may fire early or a deadline may be re-read late; only a passed deadline expires.
      if (clock.now() >= at) {
        deadline = null;
        onExpire();
      } else {
        arm();
      }
    }, wait);
  };
  return {
    schedule(next) {
      if (next === deadline && handle !== null) return;
      deadline = next;
      arm();
    },
    stop() {
      deadline = null;
      clear();
    },
  };
}
