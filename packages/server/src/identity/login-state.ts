import { sql } from 'drizzle-orm';
import { tokenDigest } from '../accounts/tokens.ts';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

/** How long a Google sign-in may take between leaving and coming back. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

/** What is kept between `/auth/google` and its callback. */
export interface PendingLogin {
  codeVerifier: string;
  nonce: string;
  returnTo: string;
}

/** Keeps a pending login under its state's digest, and drops expired ones. */
export async function savePendingLogin(
  db: Queryable,
  state: string,
  pending: PendingLogin,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  await execute(db, sql`DELETE FROM oauth_states WHERE expires_at < ${nowIso}::timestamptz`);
  await execute(
    db,
    sql`INSERT INTO oauth_states (state_hash, code_verifier, nonce, return_to, created_at, expires_at)
        VALUES (${tokenDigest(state)}, ${pending.codeVerifier}, ${pending.nonce}, ${pending.returnTo},
                ${nowIso}::timestamptz, ${new Date(now.getTime() + LOGIN_STATE_TTL_MS).toISOString()}::timestamptz)`,
  );
}

/** Takes (and deletes) the pending login of a state: each state is usable once. */
export async function takePendingLogin(
  db: Queryable,
  state: string,
  now: Date,
): Promise<PendingLogin | null> {
  return selectOne<PendingLogin>(
    db,
    sql`DELETE FROM oauth_states
        WHERE state_hash = ${tokenDigest(state)} AND expires_at > ${now.toISOString()}::timestamptz
        RETURNING code_verifier AS "codeVerifier", nonce, return_to AS "returnTo"`,
  );
}

/**
 * A storefront path to return to after sign-in: only same-site absolute paths, so the
 * login cannot be turned into an open redirect (`//evil`, `/\evil`, `https://…` give `/`).
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 500) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f]/.test(value)) return '/';
  return value;
}
