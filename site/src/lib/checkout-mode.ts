/** Browser storage key holding the time the current checkout started (docs/site-buying.md). */
export const CHECKOUT_STARTED_AT_KEY = 'plateia:checkoutStartedAt';

/** Whether a path is a checkout page (`/checkout/{eventId}`). */
export function isCheckoutPath(pathname: string): boolean {
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}

/**
 * Whether a checkout start time is stored (the header then shows only the help button,
 * following other tabs through storage events: lib/site-header.ts).
 */
export function hasCheckoutStart(): boolean {
  try {
    return Boolean(localStorage.getItem(CHECKOUT_STARTED_AT_KEY));
  } catch {
    // Storage can be blocked (private modes, embedded frames): then no checkout is running here.
    return false;
  }
}
