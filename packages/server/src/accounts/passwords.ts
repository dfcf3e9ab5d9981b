import { createHash, createHmac, randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

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

/** A new per-customer salt: 16 random bytes as 32 lowercase hex characters. */
export function newSalt(): string {
  return randomBytes(16).toString('hex');
}

/** What the browser sends: md5(salt + password), lowercase hex (spec §7). */
export function passwordDigest(salt: string, password: string): string {
  return createHash('md5')
    .update(salt + password)
    .digest('hex');
}

/** The stored form of a digest. */
export function hashDigest(digest: string): Promise<string> {
  return hash(digest.toLowerCase(), ARGON2_OPTIONS);
}

// A hash of a random value, verified when the e-mail is unknown so both paths cost the same.
let decoyHash: Promise<string> | undefined;

/** Whether `digest` matches the stored hash; with no stored hash, spends the same time and fails. */
export async function verifyDigest(stored: string | null | undefined, digest: string): Promise<boolean> {
  if (!stored) {
    decoyHash ??= hashDigest(randomBytes(16).toString('hex'));
    await verify(await decoyHash, digest.toLowerCase()).catch(() => false);
    return false;
  }
  return verify(stored, digest.toLowerCase()).catch(() => false);
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
