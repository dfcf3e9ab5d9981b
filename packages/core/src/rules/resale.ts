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
export interface PaidShareInput {
  /** The ticket's own price (`tickets.price_cents`). */
  priceCents: number;
  /** Whether the ticket came from a lot line (`'ticket'`, coupon-discounted) or a resale line. */
  lineKind: 'ticket' | 'resale' | null;
  /** The order's totals; null for a ticket issued without an order (then it cost its price). */
  order: {
    subtotalCents: number;
    discountCents: number;
    feeCents: number;
    /** The sum of the order's lot lines (what the coupon discounted). */
    ticketLinesCents: number;
  } | null;
}

/**
 * What the buyer paid for one ticket: its price, less its share of the coupon discount,
 * plus its share of the service fee. Shares are proportional to what each line cost, the
 * discount's rounded up and the fee's rounded down, so the sum over an order's tickets
 * never exceeds what the order paid. This is the resale price cap.
 */
export function ticketPaidCents(input: PaidShareInput): number {
  const { priceCents, order } = input;
  if (!order || priceCents <= 0) return Math.max(0, priceCents);
  const discountShare =
    input.lineKind === 'ticket' && order.discountCents > 0 && order.ticketLinesCents > 0
      ? Math.ceil((order.discountCents * priceCents) / order.ticketLinesCents)
      : 0;
  const net = Math.max(0, priceCents - discountShare);
  const base = order.subtotalCents - order.discountCents;
  const feeShare = base > 0 && order.feeCents > 0 ? Math.floor((order.feeCents * net) / base) : 0;
  return net + feeShare;
}
