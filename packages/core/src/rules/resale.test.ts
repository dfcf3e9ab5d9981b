import { describe, expect, it } from 'vitest';
import { resaleFeeCents, resaleNetCents, ticketPaidCents } from './resale.ts';

describe('resale arithmetic', () => {
  it('takes the fee in basis points, halves up, never above the price', () => {
    expect(resaleFeeCents(10_000, 1000)).toBe(1_000);
    expect(resaleFeeCents(105, 1000)).toBe(11);
    expect(resaleFeeCents(100, 0)).toBe(0);
    expect(resaleFeeCents(100, 20_000)).toBe(100);
    expect(resaleNetCents(11_000, 1000)).toBe(9_900);
  });

  it('caps at the price plus the fee share; a coupon lowers it; no order means the price', () => {
    const order = { subtotalCents: 20_000, discountCents: 0, feeCents: 2_000, ticketLinesCents: 20_000 };
    expect(ticketPaidCents({ priceCents: 10_000, lineKind: 'ticket', order })).toBe(11_000);
    // Two tickets of 100 and a fee of 1 cent: the shares round down, never paying out more.
    const odd = { subtotalCents: 200, discountCents: 0, feeCents: 1, ticketLinesCents: 200 };
    expect(ticketPaidCents({ priceCents: 100, lineKind: 'ticket', order: odd })).toBe(100);
    const discounted = {
      subtotalCents: 30_000,
      discountCents: 1_001,
      feeCents: 2_900,
      ticketLinesCents: 20_000,
    };
    // Discount share ceil(1001 × 10 000 / 20 000) = 501; fee share floor(2 900 × 9 499 / 28 999) = 949.
    expect(ticketPaidCents({ priceCents: 10_000, lineKind: 'ticket', order: discounted })).toBe(9_499 + 949);
    // A resale line is never discounted.
    expect(ticketPaidCents({ priceCents: 10_000, lineKind: 'resale', order: discounted })).toBe(
      10_000 + 1_000,
    );
    expect(ticketPaidCents({ priceCents: 20_000, lineKind: null, order: null })).toBe(20_000);
  });
});
