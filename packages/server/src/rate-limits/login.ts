import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { FailureBackoff } from './backoff.ts';
import type { RateLimitCounters } from './counters.ts';

/**
 * Per-account limits of password login (`/getsalt`, `/login`): the first line of defence,
 * ahead of the per-address limit, which stays high so a mobile carrier's shared (CGNAT)
 * address is never locked out. Keys are the e-mail as typed, lower-cased, so an unknown
 * e-mail is limited exactly like a known one and the limit tells nobody which exist.
 */
export class LoginLimits {
  /** Wrong passwords: 5 free in 15 minutes, then 30 s, 60 s, ... up to 15 minutes. */
  readonly #failures: FailureBackoff;

  constructor(counters: RateLimitCounters) {
    this.#failures = new FailureBackoff(counters, {
      prefix: 'login-account',
      freeFailures: 5,
      windowSeconds: 15 * 60,
      firstBlockSeconds: 30,
      maxBlockSeconds: 15 * 60,
    });
  }

  /** Before answering a salt: refused while the account backs off. */
  async beforeSalt(email: string): Promise<void> {
    await this.#failures.assertAllowed(accountKey(email), RATE_LIMIT_MESSAGES.loginBackoff);
  }

  /** Before checking a password: refused while the account backs off. */
  async beforeLogin(email: string): Promise<void> {
    await this.#failures.assertAllowed(accountKey(email), RATE_LIMIT_MESSAGES.loginBackoff);
  }

  /** After the check: a wrong password counts towards the back-off, a right one clears it. */
  async afterLogin(email: string, passwordAccepted: boolean): Promise<void> {
    const key = accountKey(email);
    if (passwordAccepted) await this.#failures.succeeded(key);
    else await this.#failures.failed(key);
  }
}

const accountKey = (email: string): string => email.trim().toLowerCase();
