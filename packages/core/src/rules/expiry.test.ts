import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CART_EXPIRY_MS,
  cartExpiresAt,
  createExpiryTimer,
  type ExpiryClock,
  isExpired,
  msUntilExpiry,
} from './expiry.ts';

describe('cart expiry deadline', () => {
  it('is 15 minutes after the later of the last change and the checkout start', () => {
    expect(CART_EXPIRY_MS).toBe(900000);
    expect(cartExpiresAt({ cartUpdatedAt: 1000, checkoutStartedAt: null })).toBe(901000);
    expect(cartExpiresAt({ cartUpdatedAt: 1000, checkoutStartedAt: 5000 })).toBe(905000);
    expect(cartExpiresAt({ cartUpdatedAt: 9000, checkoutStartedAt: 5000 })).toBe(909000);
    expect(cartExpiresAt({ cartUpdatedAt: null, checkoutStartedAt: null })).toBeNull();
  });

  it('expires exactly at the deadline', () => {
    expect(isExpired(900000, 899999)).toBe(false);
    expect(isExpired(900000, 900000)).toBe(true);
    expect(isExpired(null, 10 ** 12)).toBe(false);
    expect(msUntilExpiry(900000, 899000)).toBe(1000);
    expect(msUntilExpiry(900000, 950000)).toBe(0);
    expect(msUntilExpiry(null, 0)).toBeNull();
  });
});

describe('expiry timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once when the deadline passes', () => {
    const onExpire = vi.fn();
    const timer = createExpiryTimer(onExpire);
    timer.schedule(CART_EXPIRY_MS);
    vi.advanceTimersByTime(CART_EXPIRY_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CART_EXPIRY_MS * 2);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('moves with a later deadline and disarms on null or stop', () => {
    const onExpire = vi.fn();
    const timer = createExpiryTimer(onExpire);
    timer.schedule(1000);
    vi.advanceTimersByTime(500);
    timer.schedule(3000);
    vi.advanceTimersByTime(1000);
    expect(onExpire).not.toHaveBeenCalled();
    timer.schedule(null);
    vi.advanceTimersByTime(10_000);
    expect(onExpire).not.toHaveBeenCalled();
    timer.schedule(20_000);
    timer.stop();
    vi.advanceTimersByTime(20_000);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('fires on the next tick for a deadline already past (a reload after expiry)', () => {
    const onExpire = vi.fn();
    vi.setSystemTime(5000);
    createExpiryTimer(onExpire).schedule(1000);
    vi.advanceTimersByTime(0);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('re-arms when its clock says the deadline is not there yet', () => {
    let now = 0;
    const pending: Array<() => void> = [];
    const clock: ExpiryClock = {
      now: () => now,
      setTimer: (callback) => pending.push(callback),
      clearTimer: () => {},
    };
    const onExpire = vi.fn();
    createExpiryTimer(onExpire, clock).schedule(100);
    now = 50;
    pending.shift()?.();
    expect(onExpire).not.toHaveBeenCalled();
    now = 100;
    pending.shift()?.();
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
