import { HttpError } from '../plugins/errors.ts';
import { counterKey, type RateLimitCounters } from './counters.ts';

/** A 429 that tells the client how long to wait (the host sends it as `Retry-After`). */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number, code = 'rate_limited') {
    super(429, message, code);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** How failures of one kind (a wrong password, a declined card) back off. */
export interface BackoffPolicy {
  /** Names the counters (`login-account`, `card-order`, ...). */
  prefix: string;
  /** Failures allowed inside the window before any wait. */
  freeFailures: number;
  /** How long failures are remembered. */
  windowSeconds: number;
  /** The wait after the first failure past the free ones; each further failure doubles it. */
  firstBlockSeconds: number;
  /** The longest wait. */
  maxBlockSeconds: number;
}

/**
 * Exponential back-off on failures, per key, in the shared counters: after `freeFailures`
 * failures inside the window every further failure blocks the key for twice as long as the
 * previous one (up to the maximum). A success clears the key.
 */
export class FailureBackoff {
  readonly #policy: BackoffPolicy;
  readonly #failures;
  readonly #blocks;

  constructor(counters: RateLimitCounters, policy: BackoffPolicy) {
    this.#policy = policy;
    // Failures are only counted here; the block limiter refuses (a blocked key holds 2 > 1 point).
    this.#failures = counters.limiter({
      prefix: `${policy.prefix}-failures`,
      points: 1_000_000,
      durationSeconds: policy.windowSeconds,
    });
    this.#blocks = counters.limiter({
      prefix: `${policy.prefix}-block`,
      points: 1,
      durationSeconds: policy.maxBlockSeconds,
    });
  }

  /** Seconds the key must still wait, 0 when it may try now. */
  async retryAfter(key: string): Promise<number> {
    const block = await this.#blocks.get(counterKey(key));
    if (!block || block.consumedPoints <= 1) return 0;
    return Math.max(1, Math.ceil(block.msBeforeNext / 1000));
  }

  /** Throws a 429 with `message` while the key is blocked. */
  async assertAllowed(key: string, message: string): Promise<void> {
    const wait = await this.retryAfter(key);
    if (wait > 0) throw new RateLimitedError(message, wait);
  }

  /** Records a failure; answers the seconds of the block it started (0 while failures are free). */
  async failed(key: string): Promise<number> {
    const digest = counterKey(key);
    const counted = await this.#failures.penalty(digest, 1);
    const over = counted.consumedPoints - this.#policy.freeFailures;
    if (over <= 0) return 0;
    const seconds = Math.min(this.#policy.firstBlockSeconds * 2 ** (over - 1), this.#policy.maxBlockSeconds);
    await this.#blocks.block(digest, seconds);
    return seconds;
  }

  /** Forgets the key's failures and any block (a correct password, an approved card). */
  async succeeded(key: string): Promise<void> {
    const digest = counterKey(key);
    await Promise.all([this.#failures.delete(digest), this.#blocks.delete(digest)]);
  }
}

/**
 * Counts one use of `key` against `limit` in the shared counters and throws a 429 with
 * `message` (and the wait) once the key has used them all inside the window.
 */
export async function takeOrRefuse(
  counters: RateLimitCounters,
  limit: { prefix: string; points: number; durationSeconds: number },
  key: string,
  message: string,
): Promise<void> {
  try {
    await counters.limiter(limit).consume(counterKey(key));
  } catch (refusal) {
    // rate-limiter-flexible rejects with its result when the key is over, with an Error otherwise.
    if (refusal instanceof Error) throw refusal;
    const wait = (refusal as { msBeforeNext?: number }).msBeforeNext ?? limit.durationSeconds * 1000;
    throw new RateLimitedError(message, wait / 1000);
  }
}
