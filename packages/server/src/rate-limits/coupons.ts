import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { addressKey } from '../seat-hold/hold-limits.ts';
import { FailureBackoff } from './backoff.ts';
import type { RateLimitCounters } from './counters.ts';

/**
 * Coupon codes are guessable secrets: `/cart/reserve` counts the codes each account and
 * each address gets wrong (docs/security.md, "Abuse limits"). 10 wrong codes in an hour are
 * free; then each further one blocks the key for 1 minute, 2, 4, ... up to an hour. A right
 * code clears nothing, so a known code cannot be used to keep guessing. The address key is
 * the /64 of an IPv6 address, like the seat holds', and its allowance is larger, for the
 * many buyers one carrier address (CGNAT) may carry.
 */
export class CouponGuessLimits {
  readonly #accounts: FailureBackoff;
  readonly #addresses: FailureBackoff;

  constructor(counters: RateLimitCounters) {
    const policy = { windowSeconds: 60 * 60, firstBlockSeconds: 60, maxBlockSeconds: 60 * 60 };
    this.#accounts = new FailureBackoff(counters, { prefix: 'coupon-account', freeFailures: 10, ...policy });
    this.#addresses = new FailureBackoff(counters, { prefix: 'coupon-address', freeFailures: 50, ...policy });
  }

  /** Before a reservation that names a coupon: refused (429) while the account or address backs off. */
  async beforeTry(customerId: number, address: string): Promise<void> {
    await this.#accounts.assertAllowed(String(customerId), RATE_LIMIT_MESSAGES.couponBackoff);
    await this.#addresses.assertAllowed(addressKey(address), RATE_LIMIT_MESSAGES.couponBackoff);
  }

  /** A code that matched no coupon of the event. */
  async wrongCode(customerId: number, address: string): Promise<void> {
    await this.#accounts.failed(String(customerId));
    await this.#addresses.failed(addressKey(address));
  }
}
