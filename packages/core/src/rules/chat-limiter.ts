/** Spec §9: chat sends allowed per window. */
export const CHAT_SEND_LIMIT = 10;
/** Spec §9: the send limit's window, in ms. */
export const CHAT_SEND_WINDOW_MS = 1000;
/** Spec §5: the second limiter, defined but unused by the product. */
export const CHAT_REQUEST_LIMIT = { limit: 30, windowMs: 60_000 } as const;

/** A sliding-window limiter: at most `limit` acquisitions in any `windowMs`. */
export interface RateLimiter {
  /** Records an acquisition at `now` and answers true, or answers false when over the limit. */
  tryAcquire(now: number): boolean;
  /** Forgets every acquisition. */
  reset(): void;
}

/** Creates a limiter (default: the chat send limit, 10 per 1000 ms). */
export function createRateLimiter(limit = CHAT_SEND_LIMIT, windowMs = CHAT_SEND_WINDOW_MS): RateLimiter {
  let stamps: number[] = [];
  return {
    tryAcquire(now) {
      stamps = stamps.filter((stamp) => now - stamp < windowMs);
      if (stamps.length >= limit) return false;
      stamps.push(now);
      return true;
    },
    reset() {
      stamps = [];
    },
  };
}
