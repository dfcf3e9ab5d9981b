import { describe, expect, it } from 'vitest';
import { refundPolicy, refundShares, shareCents } from './refund-policy.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const purchasedAt = new Date('2026-11-01T12:00:00Z');
const farEvent = new Date('2026-12-31T20:00:00Z');
const at = (offsetMs: number) => new Date(purchasedAt.getTime() + offsetMs);

describe('refundPolicy', () => {
  it('allows 6 days 23 h after the purchase and refuses 7 days 1 min after', () => {
    const inside = refundPolicy({
      purchasedAt,
      eventStartsAt: farEvent,
      eventStatus: 'published',
      now: at(6 * DAY + 23 * HOUR),
    });
    expect(inside).toMatchObject({ allowed: true, reason: 'within_window' });
    expect(inside.deadline).toBe(at(7 * DAY).toISOString());
    const outside = refundPolicy({
      purchasedAt,
      eventStartsAt: farEvent,
      eventStatus: 'published',
      now: at(7 * DAY + 60_000),
    });
    expect(outside).toMatchObject({ allowed: false, reason: 'window_closed' });
    expect(outside.message).toContain('7 dias');
  });

  it('refuses exactly 48 h before the event and allows one minute earlier', () => {
    const eventStartsAt = at(3 * DAY);
    const edge = refundPolicy({ purchasedAt, eventStartsAt, eventStatus: 'published', now: at(DAY) });
    expect(edge).toMatchObject({ allowed: false, reason: 'too_close_to_event' });
    const before = refundPolicy({
      purchasedAt,
      eventStartsAt,
      eventStatus: 'published',
      now: at(DAY - 60_000),
    });
    expect(before.allowed).toBe(true);
  });

  it('allows at any time when the event was cancelled or changed after the purchase', () => {
    const late = at(30 * DAY);
    expect(
      refundPolicy({ purchasedAt, eventStartsAt: at(30 * DAY + HOUR), eventStatus: 'cancelled', now: late }),
    ).toMatchObject({
      allowed: true,
      reason: 'event_cancelled',
    });
    expect(
      refundPolicy({
        purchasedAt,
        eventStartsAt: farEvent,
        eventStatus: 'published',
        eventChangedAt: at(DAY),
        now: late,
      }).reason,
    ).toBe('event_changed');
    // A change made before the purchase was known to the buyer: the ordinary rule applies.
    expect(
      refundPolicy({
        purchasedAt,
        eventStartsAt: farEvent,
        eventStatus: 'published',
        eventChangedAt: at(-DAY),
        now: late,
      }).reason,
    ).toBe('window_closed');
  });
});

describe('refund amounts', () => {
  it('shares cents exactly, leftovers to the first units', () => {
    expect(shareCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareCents(0, [5, 5])).toEqual([0, 0]);
    expect(shareCents(7, [0, 3])).toEqual([0, 7]);
  });

  it('gives each ticket its price less its discount share plus its fee share; all units add up to the total', () => {
    // Three R$ 33,33 tickets and a R$ 10,00 product, R$ 5,00 coupon on the tickets, 10% fee.
    const units = [
      { priceCents: 3333, kind: 'ticket' as const },
      { priceCents: 3333, kind: 'ticket' as const },
      { priceCents: 3333, kind: 'ticket' as const },
      { priceCents: 1000, kind: 'product' as const },
    ];
    const subtotal = 3 * 3333 + 1000;
    const discount = 500;
    const fee = Math.round((subtotal - discount) / 10);
    const shares = refundShares(units, { discountCents: discount, feeCents: fee });
    expect(shares.reduce((sum, s) => sum + s.totalCents, 0)).toBe(subtotal - discount + fee);
    expect(shares.reduce((sum, s) => sum + s.feeCents, 0)).toBe(fee);
    expect(shares[3]?.netCents).toBe(1000);
    expect(shares[0]?.netCents).toBe(3333 - 167);
  });
});
