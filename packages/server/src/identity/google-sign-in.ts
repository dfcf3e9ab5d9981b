import * as client from 'openid-client';
import { openSession } from '../accounts/sessions.ts';
import { tokenDigest } from '../accounts/tokens.ts';
import type { Database } from '../db/client.ts';
import type { Queryable } from '../db/sql.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { customerForIdentity, type LinkDeps } from './link-account.ts';
import { safeClientNonce, safeReturnTo, savePendingLogin, takePendingLogin } from './login-state.ts';

/** What starting a Google sign-in takes. */
export interface GoogleStart {
  redirectUri: string;
  /** The storefront path to come back to (checked against `siteUrl`). */
  returnTo: string | undefined;
  /** The storefront tab's nonce, echoed back to it in the callback's fragment. */
  login: string | undefined;
  /** The browser binding: a random value the route keeps in an HttpOnly cookie. */
  browser: string;
  siteUrl: string;
  now: Date;
}

/**
 * Starts a Google sign-in: a fresh state, nonce and PKCE verifier, kept server-side with the
 * storefront path to return to, the digest of the browser's binding cookie and the
 * storefront tab's nonce. Answers where to send the browser.
 */
export async function beginGoogleSignIn(
  db: Queryable,
  provider: IdentityProvider,
  request: GoogleStart,
): Promise<URL> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const url = await provider.authorizationUrl({
    state,
    nonce,
    codeVerifier,
    redirectUri: request.redirectUri,
  });
  await savePendingLogin(
    db,
    state,
    {
      codeVerifier,
      nonce,
      returnTo: safeReturnTo(request.returnTo, request.siteUrl),
      browserHash: tokenDigest(request.browser),
      clientNonce: safeClientNonce(request.login),
    },
    request.now,
  );
  return url;
}

/** The provider's return to the callback. */
export interface GoogleCallback {
  state: string | undefined;
  /** The provider's `error` parameter (the person cancelled, for instance). */
  error: string | undefined;
  /** The callback's request URL (path and query) as it arrived. */
  requestUrl: string;
  /** The browser binding cookie the callback came with, if any. */
  browser: string | undefined;
  redirectUri: string;
  now: Date;
}

/**
 * How a sign-in ended: a session token and where to return, or a refusal with the reason
 * the storefront is told (the provider's error, `invalid_state`, or `inactive`).
 */
export type GoogleSignInResult =
  | { status: 'signed_in'; token: string; returnTo: string; login: string }
  | { status: 'refused'; reason: string; login: string };

/**
 * Finishes a Google sign-in: takes the pending login of the state (usable once), checks the
 * callback came with the binding cookie of the browser that started it, has the provider
 * check code, state, nonce and PKCE, finds or links the customer and opens a session. Throws the linking's HttpError (403, 409) and the provider's failures.
 */
export async function completeGoogleSignIn(
  db: Database,
  provider: IdentityProvider | null,
  callback: GoogleCallback,
  deps: Omit<LinkDeps, 'now'>,
): Promise<GoogleSignInResult> {
  const { state, now } = callback;
  const pending = state ? await takePendingLogin(db, state, now) : null;
  const login = pending?.clientNonce ?? '';
  // Login CSRF: a callback URL carried to another browser (a link, an image) lacks the
  // cookie of the browser that started the sign-in, and is refused without using the code.
  const bound = Boolean(pending && callback.browser && tokenDigest(callback.browser) === pending.browserHash);
  if (!provider || !state || !pending || !bound || callback.error) {
    return { status: 'refused', reason: callback.error ?? 'invalid_state', login };
  }
  const queryStart = callback.requestUrl.indexOf('?');
  const search = queryStart >= 0 ? callback.requestUrl.slice(queryStart) : '';
  const external = await provider.finish(new URL(`${callback.redirectUri}${search}`), {
    state,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
    redirectUri: callback.redirectUri,
  });
  const { customer } = await customerForIdentity(db, external, { ...deps, now });
  if (customer.status !== 1) return { status: 'refused', reason: 'inactive', login };
  const token = await openSession(db, customer.id, now);
  return { status: 'signed_in', token, returnTo: pending.returnTo, login };
}
