/**
 * The 15-minute cart expiry (docs/core-buying.md), on the light side of core: the cart bar and the
 * header keep it without loading the authenticated client. It counts from the last cart
 * change or the checkout start (stores/checkout-state.ts). When the cart expires, ending
 * the checkout (releasing seat holds through the API) loads `checkout.ts` then; that module
 * never imports this one, so the two load in either order.
 */
import { computed, onMount, task } from 'nanostores';
import { CHECKOUT_MESSAGES } from '../messages/checkout.ts';
import { cartExpiresAt, createExpiryTimer, type ExpiryClock, systemClock } from '../rules/expiry.ts';
import { $cart, $cartUpdatedAt, $productCart } from './cart.ts';
import { $checkoutStartedAt } from './checkout-state.ts';
import { showToast } from './toasts.ts';

export { $checkoutActive, $checkoutStartedAt } from './checkout-state.ts';

/**
 * When the cart expires (epoch ms): 15 minutes after the last cart change or the checkout
 * start (docs/core-buying.md); `null` when there is neither a cart nor a checkout.
 */
export const $cartExpiresAt = computed(
  [$cart, $productCart, $cartUpdatedAt, $checkoutStartedAt],
  (tickets, products, cartUpdatedAt, checkoutStartedAt) => {
    if (tickets.length + products.length === 0 && checkoutStartedAt === null) return null;
    return cartExpiresAt({ cartUpdatedAt, checkoutStartedAt });
  },
);

/**
 * Watches {@link $cartExpiresAt} and ends checkout when it passes (docs/core-buying.md), showing a
 * toast. Runs by itself while anything subscribes to the cart; call it directly to drive
 * it with another clock. Returns the stop function. The ending is a nanostores task:
 * the carts empty once the checkout module is loaded (`allTasks()` waits for it).
 */
export function watchCartExpiry(clock: ExpiryClock = systemClock): () => void {
  const timer = createExpiryTimer(() => {
    showToast({ kind: 'info', message: CHECKOUT_MESSAGES.expired });
    void task(() => import('./checkout.ts').then(({ endCheckout }) => endCheckout()));
  }, clock);
  const unsubscribe = $cartExpiresAt.subscribe((deadline) => timer.schedule(deadline));
  return () => {
    unsubscribe();
    timer.stop();
  };
}

// Whatever shows the cart also keeps its expiry: the timer lives while the cart is mounted.
onMount($cart, () => watchCartExpiry());
