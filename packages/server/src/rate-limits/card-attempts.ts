import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { FailureBackoff, RateLimitedError } from './backoff.ts';
import type { RateLimitCounters } from './counters.ts';

/** Who is paying: the order, its customer and the address the attempt came from. */
export interface CardAttempt {
  orderId: number;
  customerId: number;
}

/** What the card flow calls around a new attempt at the gateway. */
export interface CardAttemptGuard {
  /** Throws a 429 (with `Retry-After`) while the order, the customer or the address backs off. */
  beforeCharge(attempt: CardAttempt): Promise<void>;
  /** Records the gateway's answer: a decline counts against all three, an approval clears the order's and customer's. */
  afterCharge(attempt: CardAttempt, status: string): Promise<void>;
}

const HOUR = 60 * 60;

/**
 * Card-testing defence (docs/security.md, "Abuse limits"): declined attempts are counted
 * per order, per customer and per address, each with exponential back-off. A few declines
 * are normal (a typo, a card over its limit); a run of them is someone testing stolen
 * cards, and each wait doubles until it is an hour.
 */
export class CardAttemptLimits {
  readonly #perOrder: FailureBackoff;
  readonly #perCustomer: FailureBackoff;
  readonly #perAddress: FailureBackoff;

  constructor(counters: RateLimitCounters) {
    const backoff = (prefix: string, freeFailures: number) =>
      new FailureBackoff(counters, {
        prefix,
        freeFailures,
        windowSeconds: HOUR,
        firstBlockSeconds: 60,
        maxBlockSeconds: HOUR,
      });
    this.#perOrder = backoff('card-order', 3);
    this.#perCustomer = backoff('card-customer', 5);
    // Higher: a carrier's CGNAT address is shared by many buyers.
    this.#perAddress = backoff('card-address', 10);
  }

  /** The guard for one request, from `address`. */
  guard(address: string): CardAttemptGuard {
    const keys = (attempt: CardAttempt) =>
      [
        [this.#perOrder, `order:${attempt.orderId}`],
        [this.#perCustomer, `customer:${attempt.customerId}`],
        [this.#perAddress, `address:${address}`],
      ] as const;
    return {
      beforeCharge: async (attempt) => {
        const waits = await Promise.all(keys(attempt).map(([limit, key]) => limit.retryAfter(key)));
        const wait = Math.max(...waits);
        if (wait > 0) throw new RateLimitedError(RATE_LIMIT_MESSAGES.cardBackoff, wait, 'card_backoff');
      },
      afterCharge: async (attempt, status) => {
        if (status === 'declined') {
          await Promise.all(keys(attempt).map(([limit, key]) => limit.failed(key)));
        } else if (status === 'approved') {
          const [order, customer] = keys(attempt);
          await Promise.all([order[0].succeeded(order[1]), customer[0].succeeded(customer[1])]);
        }
      },
    };
  }
}
