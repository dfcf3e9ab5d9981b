/**
 * Resale arithmetic (docs/resale.md), shared by the API host (which decides) and the
 * storefront (which shows the seller what they will receive before listing). All integer
 * cents; fees in basis points (1000 = 10%).
 */

/** The lowest price a ticket can be listed for: R$ 1,00. */
export const RESALE_MIN_PRICE_CENTS = 100;

/** The platform's resale fee on a price: `price × bps / 10 000`, halves rounded up, never above the price. */
export function resaleFeeCents(priceCents: number, feeBps: number): number {
  if (priceCents <= 0 || feeBps <= 0) return 0;
  return Math.min(priceCents, Math.round((priceCents * feeBps) / 10_000));
}

/** What the seller receives for a sale at `priceCents`: the price less the resale fee. */
export function resaleNetCents(priceCents: number, feeBps: number): number {
  return priceCents - resaleFeeCents(priceCents, feeBps);
}

/** What an order's money says about one of its tickets. */
export interface FaceValueInput {
  /** The ticket's own price (`tickets.price_cents`). */
  priceCents: number;
  /** Whether the ticket came from a lot line (`'ticket'`, coupon-discounted) or a resale line. */
  lineKind: 'ticket' | 'resale' | null;
  /** The order's coupon discount; null for a ticket issued without an order (then its price). */
  order: {
    discountCents: number;
    /** The sum of the order's lot lines (what the coupon discounted). */
    ticketLinesCents: number;
  } | null;
}

/**
 * A ticket's face value, the resale price cap: its price less its share of the coupon
 * discount (proportional to its line, rounded up), never the service fee. The fee paid the
 * platform for that purchase; counting it would let the cap grow by the fee at every resale
 * hop. A ticket bought on resale is capped at the price it was bought for (resale lines carry
 * no discount), so the cap never rises along a chain.
 */
export function ticketFaceValueCents(input: FaceValueInput): number {
  const { priceCents, order } = input;
  if (!order || priceCents <= 0) return Math.max(0, priceCents);
  const discountShare =
    input.lineKind === 'ticket' && order.discountCents > 0 && order.ticketLinesCents > 0
      ? Math.ceil((order.discountCents * priceCents) / order.ticketLinesCents)
      : 0;
  return Math.max(0, priceCents - discountShare);
}
