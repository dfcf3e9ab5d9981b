import { describe, expect, it } from 'vitest';
import { resaleFeeCents, resaleNetCents, ticketFaceValueCents } from './resale.ts';

describe('resale arithmetic', () => {
  it('takes the fee in basis points, halves up, never above the price', () => {
    expect(resaleFeeCents(10_000, 1000)).toBe(1_000);
    expect(resaleFeeCents(105, 1000)).toBe(11);
    expect(resaleFeeCents(100, 0)).toBe(0);
    expect(resaleFeeCents(100, 20_000)).toBe(100);
    expect(resaleNetCents(11_000, 1000)).toBe(9_900);
  });

  it('caps at the face value: the price less its coupon share, never the service fee', () => {
    const order = { discountCents: 0, ticketLinesCents: 20_000 };
    expect(ticketFaceValueCents({ priceCents: 10_000, lineKind: 'ticket', order })).toBe(10_000);
    const discounted = { discountCents: 1_001, ticketLinesCents: 20_000 };
    // Discount share ceil(1001 × 10 000 / 20 000) = 501.
    expect(ticketFaceValueCents({ priceCents: 10_000, lineKind: 'ticket', order: discounted })).toBe(9_499);
    // A resale line is never discounted: its cap is what it was bought for, so hops never raise it.
    expect(ticketFaceValueCents({ priceCents: 10_000, lineKind: 'resale', order: discounted })).toBe(10_000);
    expect(ticketFaceValueCents({ priceCents: 20_000, lineKind: null, order: null })).toBe(20_000);
    // A discount larger than the line never makes the cap negative.
    const huge = { discountCents: 50_000, ticketLinesCents: 20_000 };
    expect(ticketFaceValueCents({ priceCents: 10_000, lineKind: 'ticket', order: huge })).toBe(0);
  });
});
