import { createHash, createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

/**
 * argon2id parameters for the stored password hash: OWASP's first recommended set
 * (19 MiB, 2 passes, 1 lane). What gets hashed is the md5(salt + password) digest the
 * browser sends, so the server never sees the password itself.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Runs at most `limit` argon2 computations at once and queues at most `queueLimit` more;
 * past that a request is refused at once (503) instead of waiting. Each computation takes
 * 19 MiB and tens of milliseconds of a core, so a burst of logins (or an attacker's) must
 * not take every core and the memory with it.
 */
export class Argon2Gate {
  readonly limit: number;
  readonly queueLimit: number;
  #running = 0;
  #peak = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number, queueLimit: number) {
    this.limit = Math.max(1, limit);
    this.queueLimit = Math.max(0, queueLimit);
  }

  /** Computations running now, waiting now, and the most ever running at once. */
  stats(): { running: number; waiting: number; peak: number } {
    return { running: this.#running, waiting: this.#waiting.length, peak: this.#peak };
  }

  /** Runs `work` when a slot is free; throws a 503 when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) {
      if (this.#waiting.length >= this.queueLimit) {
        throw new HttpError(503, RATE_LIMIT_MESSAGES.loginBusy, 'busy');
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    this.#peak = Math.max(this.#peak, this.#running);
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, so the count never dips and refills.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

/**
 * The host's gate for password hashing: one computation per core (at most 4), 64 waiting.
 * argon2's native pool would otherwise run as many as libuv has threads, and queue forever.
 */
export const argon2Gate = new Argon2Gate(Math.min(4, availableParallelism()), 64);

/** A new per-customer salt: 16 random bytes as 32 lowercase hex characters. */
export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** What the browser sends: md5(salt + password), lowercase hex (docs/accounts.md). */
export function passwordDigest(salt: string, password: string): string {
  return createHash('md5')
    .update(salt + password)
    .digest('hex');
}

/** The stored form of a digest. */
export function hashDigest(digest: string): Promise<string> {
  return argon2Gate.run(() => hash(digest.toLowerCase(), ARGON2_OPTIONS));
}

// A hash of a random value, verified when the e-mail is unknown so both paths cost the same.
let decoyHash: Promise<string> | undefined;

/** Whether `digest` matches the stored hash; with no stored hash, spends the same time and fails. */
export async function verifyDigest(stored: string | null | undefined, digest: string): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashDigest(randomBytes(16).toString('hex')).catch((error: unknown) => {
      decoyHash = undefined;
      throw error;
    });
    const decoy = await decoyHash;
    await argon2Gate.run(() => verify(decoy, digest.toLowerCase()).catch(() => false));
    return false;
  }
  return argon2Gate.run(() => verify(stored, digest.toLowerCase()).catch(() => false));
}

const SALT_SECRET_KEY = 'accounts.fake_salt_secret';

/**
 * The secret behind fake salts, generated once per installation and kept in app_settings so
 * every API process (and every restart) gives an unknown e-mail the same salt.
 */
export async function fakeSaltSecret(db: Queryable): Promise<string> {
  await execute(
    db,
    sql`INSERT INTO app_settings (key, value) VALUES (${SALT_SECRET_KEY}, ${randomBytes(32).toString('hex')})
        ON CONFLICT DO NOTHING`,
  );
  const row = await selectOne<{ value: string }>(
    db,
    sql`SELECT value FROM app_settings WHERE key = ${SALT_SECRET_KEY}`,
  );
  if (!row?.value) throw new Error('fake salt secret missing after insert');
  return row.value;
}

/**
 * The salt answered for an e-mail with no account: stable and shaped like a real one, so
 * getsalt tells nobody whether an account exists.
 */
export function fakeSalt(secret: string, email: string): string {
  return createHmac('sha256', secret).update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
