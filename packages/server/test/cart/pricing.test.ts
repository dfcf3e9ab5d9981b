import { describe, expect, it } from 'vitest';
import { priceOrder } from '../../src/orders/pricing.ts';

describe('priceOrder', () => {
  it('charges the 10% fee on tickets and products with no coupon', () => {
    expect(
      priceOrder({ ticketCents: 10_000, resaleCents: 0, productCents: 2_500, feeBps: 1000, coupon: null }),
    ).toEqual({
      subtotalCents: 12_500,
      discountCents: 0,
      feeCents: 1_250,
      totalCents: 13_750,
    });
  });

  it('discounts a percentage of the event’s own tickets only, rounding halves up', () => {
    const totals = priceOrder({
      ticketCents: 3_333,
      resaleCents: 9_000,
      productCents: 1_000,
      feeBps: 1000,
      coupon: { kind: 'percent', value: 1500 },
    });
    // 15% of 33,33 = 4,9995 → 5,00; fee 10% of (133,33 − 5,00) = 12,833 → 12,83.
    expect(totals).toEqual({
      subtotalCents: 13_333,
      discountCents: 500,
      feeCents: 1_283,
      totalCents: 14_116,
    });
  });

  it('never discounts more than the tickets cost', () => {
    const totals = priceOrder({
      ticketCents: 1_500,
      resaleCents: 0,
      productCents: 4_000,
      feeBps: 0,
      coupon: { kind: 'fixed', value: 2_000 },
    });
    expect(totals).toEqual({ subtotalCents: 5_500, discountCents: 1_500, feeCents: 0, totalCents: 4_000 });
  });
});
