/**
 * The rules `<plateia-cart-bar>` draws (docs/widgets-buy-button.md, sticky bottom cart bar), as pure
 * functions: when it shows, what it says and where its button goes.
 */

import { formatCents } from '@plateia/core/format/money';
import { CART_BAR_MESSAGES } from '@plateia/core/messages/cart-bar';

/** Path prefix of the checkout route (docs/widgets-buy-button.md: `/checkout/{eventId}`), where the bar never shows. */
export const CHECKOUT_PATH_PREFIX = '/checkout/';

/** Default of `checkout-url`; `{eventId}` becomes the first cart item's event. */
export const DEFAULT_CHECKOUT_URL = '/checkout/{eventId}';

/**
 * Whether the page at `path` hides the bar: the checkout route, or a path starting with
 * one of the space-separated prefixes of `hidden-on` (e.g. `"/pagamento /conta/"`).
 */
export function isHiddenPath(path: string, hiddenOn: string | null): boolean {
  const prefixes = [CHECKOUT_PATH_PREFIX, ...(hiddenOn ?? '').split(/\s+/).filter(Boolean)];
  return prefixes.some((prefix) => path.startsWith(prefix));
}

/** The total as the bar shows it: "R$ 90,00 +taxa". */
export function cartBarTotal(totalCents: number): string {
  return `${formatCents(totalCents)} ${CART_BAR_MESSAGES.fee}`;
}

/** Where "Finalizar Compra" goes: `checkout-url` with `{eventId}` replaced. */
export function checkoutUrl(template: string | null, eventId: string | number): string {
  return (template || DEFAULT_CHECKOUT_URL).replaceAll('{eventId}', encodeURIComponent(String(eventId)));
}
