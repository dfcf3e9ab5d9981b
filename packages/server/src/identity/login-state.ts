import { and, eq, gt, lt } from 'drizzle-orm';
import { tokenDigest } from '../accounts/tokens.ts';
import type { Database } from '../db/client.ts';
import { oauthStates } from '../db/schema/accounts.ts';

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
  db: Database,
  state: string,
  pending: PendingLogin,
  now: Date,
): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values({
    stateHash: tokenDigest(state),
    ...pending,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
  });
}

/** Takes (and deletes) the pending login of a state: each state is usable once. */
export async function takePendingLogin(db: Database, state: string, now: Date): Promise<PendingLogin | null> {
  const rows = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, tokenDigest(state)), gt(oauthStates.expiresAt, now)))
    .returning({
      codeVerifier: oauthStates.codeVerifier,
      nonce: oauthStates.nonce,
      returnTo: oauthStates.returnTo,
    });
  return rows[0] ?? null;
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
