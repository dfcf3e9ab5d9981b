/** A coupon as it applies to an order. */
export interface CouponTerms {
  kind: 'percent' | 'fixed';
  /** Basis points for 'percent' (1500 = 15%), cents for 'fixed'. */
  value: number;
}

/** The money of an order, all integer cents. */
export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * Prices an order. The coupon discounts the event's own full-price tickets (not meia-entrada
 * tickets, which the law keeps apart from other discounts, nor resale tickets, whose price
 * the seller set, nor products) and never below zero; the service fee is charged on
 * what the buyer pays for tickets and products after the discount. Halves round up.
 */
export function priceOrder(input: {
  ticketCents: number;
  /** Meia-entrada tickets: never discounted. */
  meiaCents?: number;
  resaleCents: number;
  productCents: number;
  feeBps: number;
  coupon: CouponTerms | null;
}): OrderTotals {
  const subtotalCents = input.ticketCents + (input.meiaCents ?? 0) + input.resaleCents + input.productCents;
  let discountCents = 0;
  if (input.coupon?.kind === 'percent') {
    discountCents = Math.round((input.ticketCents * input.coupon.value) / 10_000);
  } else if (input.coupon?.kind === 'fixed') {
    discountCents = input.coupon.value;
  }
  discountCents = Math.min(discountCents, input.ticketCents);
  const feeCents = Math.round(((subtotalCents - discountCents) * input.feeBps) / 10_000);
  return { subtotalCents, discountCents, feeCents, totalCents: subtotalCents - discountCents + feeCents };
}
