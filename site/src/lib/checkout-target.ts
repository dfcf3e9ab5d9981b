/**
 * Where a checkout page should send the buyer, if anywhere: checkout is always for the
 * event of the cart's first item (docs/site-buying.md). An empty cart stays (the checkout shows its
 * own empty state, or a confirmation after paying).
 */
export function checkoutRedirect(
  pageEventId: string,
  cartEventId: string | number | null | undefined,
): string | null {
  if (cartEventId === null || cartEventId === undefined || String(cartEventId) === '') return null;
  const target = String(cartEventId);
  if (target === pageEventId) return null;
  return `/checkout/${encodeURIComponent(target)}`;
}
