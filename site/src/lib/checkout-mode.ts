import { useEffect, useState } from 'react';

/** Browser storage key holding the time the current checkout started (spec §4). */
export const CHECKOUT_STARTED_AT_KEY = 'plateia:checkoutStartedAt';

/** Whether a path is a checkout page (`/checkout/{eventId}`). */
export function isCheckoutPath(pathname: string): boolean {
  return pathname === '/checkout' || pathname.startsWith('/checkout/');
}

function hasCheckoutStart(): boolean {
  try {
    return Boolean(localStorage.getItem(CHECKOUT_STARTED_AT_KEY));
  } catch {
    // Storage can be blocked (private modes, embedded frames): then no checkout is running here.
    return false;
  }
}

/**
 * `true` on checkout pages and while a checkout start time is stored, following other
 * tabs (storage events) and this page's widgets (checkout start and completion events).
 * Server-side and before hydration only the path decides, so the markup matches.
 */
export function useCheckoutMode(pathname: string): boolean {
  const onCheckoutPage = isCheckoutPath(pathname);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const update = () => setStarted(hasCheckoutStart());
    update();
    // Events from the checkout widget may arrive before it writes storage: re-read next tick.
    const updateSoon = () => setTimeout(update, 0);
    window.addEventListener('storage', update);
    document.addEventListener('plateia-checkout-start', updateSoon);
    document.addEventListener('plateia-checkout-complete', updateSoon);
    return () => {
      window.removeEventListener('storage', update);
      document.removeEventListener('plateia-checkout-start', updateSoon);
      document.removeEventListener('plateia-checkout-complete', updateSoon);
    };
  }, []);
  return onCheckoutPage || started;
}
