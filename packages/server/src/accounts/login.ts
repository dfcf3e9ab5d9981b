import type { Queryable } from '../db/sql.ts';
import { findCustomerByEmail, toUserRecord, type UserRecord } from './customers.ts';
import { fakeSalt, fakeSaltSecret, verifyDigest } from './passwords.ts';
import { requireEmail } from './profile.ts';
import { openSession } from './sessions.ts';

/**
 * The salt getsalt answers for an e-mail: the account's own, or a stable fake one for an
 * unknown e-mail so the answer tells nobody whether an account exists. The fake-salt secret
 * is read once and kept (a failed read is retried on the next call).
 */
export function loginSalts(db: Queryable): (email: string) => Promise<string> {
  let secret: Promise<string> | undefined;
  const saltSecret = () => {
    secret ??= fakeSaltSecret(db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };
  return async (value) => {
    const email = requireEmail(value);
    const row = await findCustomerByEmail(db, email);
    return row ? row.salt : fakeSalt(await saltSecret(), email);
  };
}

/** What the login path carries: the e-mail, md5(salt + password), the browser's id and the salt it used. */
export interface LoginCredentials {
  email: string;
  hash: string;
  uuid: string;
  salt: string;
}

/** A login's outcome: signed in with a session token, or why not. */
export type LoginOutcome =
  | { status: 'signed_in'; user: UserRecord; token: string }
  | { status: 'invalid_credentials' }
  | { status: 'unverified' };

/**
 * Checks the digest against the stored hash and opens a session. Unknown e-mail, wrong
 * digest, a stale salt or an inactive account are all the same `invalid_credentials`.
 */
export async function logIn(db: Queryable, credentials: LoginCredentials, now: Date): Promise<LoginOutcome> {
  const email = requireEmail(credentials.email);
  const row = await findCustomerByEmail(db, email);
  // Verified even when the e-mail is unknown, so timing does not reveal which accounts exist.
  const matches = await verifyDigest(row?.passwordHash, credentials.hash);
  if (!row || !matches || row.salt !== credentials.salt || row.status !== 1) {
    return { status: 'invalid_credentials' };
  }
  if (!row.emailVerifiedAt) return { status: 'unverified' };
  const token = await openSession(db, row.id, now, { clientUuid: credentials.uuid });
  return { status: 'signed_in', user: toUserRecord(row), token };
}
