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
  /** Digest of the browser binding (the API host's cookie) of the browser that started it. */
  browserHash: string;
  /** The storefront tab's nonce, echoed back to it ('' when it sent none). */
  clientNonce: string;
}

/**
 * Keeps a pending login under its state's digest, and drops expired ones. Without a
 * `browserHash` no callback can ever finish it (fail closed).
 */
export async function savePendingLogin(
  db: Queryable,
  state: string,
  pending: Omit<PendingLogin, 'browserHash' | 'clientNonce'> & Partial<PendingLogin>,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  await execute(db, sql`DELETE FROM oauth_states WHERE expires_at < ${nowIso}::timestamptz`);
  await execute(
    db,
    sql`INSERT INTO oauth_states (state_hash, code_verifier, nonce, return_to, browser_hash, client_nonce,
                                  created_at, expires_at)
        VALUES (${tokenDigest(state)}, ${pending.codeVerifier}, ${pending.nonce}, ${pending.returnTo},
                ${pending.browserHash ?? ''}, ${pending.clientNonce ?? ''}, ${nowIso}::timestamptz,
                ${new Date(now.getTime() + LOGIN_STATE_TTL_MS).toISOString()}::timestamptz)`,
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
        RETURNING code_verifier AS "codeVerifier", nonce, return_to AS "returnTo",
                  browser_hash AS "browserHash", client_nonce AS "clientNonce"`,
  );
}

/** The shape of a storefront tab's sign-in nonce; anything else is dropped. */
const CLIENT_NONCE = /^[A-Za-z0-9_-]{16,128}$/;

/** The storefront tab's nonce when it has the expected shape, else ''. */
export function safeClientNonce(value: string | undefined): string {
  return value && CLIENT_NONCE.test(value) ? value : '';
}

/**
 * A storefront path to return to after sign-in, resolved the way a browser would: `new URL`
 * against the storefront's origin, then the origins compared, so the login cannot be turned
 * into an open redirect. Text a URL parser rewrites (tab, CR, LF, other control characters,
 * backslashes) is refused outright; `//evil`, `/\t/evil`, `https://…` all give `/`.
 */
export function safeReturnTo(value: string | undefined, siteUrl: string): string {
  if (!value || value.length > 500 || !value.startsWith('/')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    const site = new URL(siteUrl);
    const resolved = new URL(value, site);
    if (resolved.origin !== site.origin) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}
