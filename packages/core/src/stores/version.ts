import { revokeSessionToken } from '../api/accounts.ts';
import { clearPlateiaStorage, readStorage, writeStorage } from './browser-storage.ts';
import { navigate } from './navigation.ts';
import { $sessionToken, $user } from './session.ts';

/**
 * The version gate (docs/core.md): when the app version stored in this browser differs
 * from the built one, stored data may no longer fit the code, so the person is logged
 * out: every `plateia:*` key is cleared and the page goes to `/?forcedLogout=true`.
 * Checked at load and every 60 seconds (another tab may have loaded a newer build).
 */

// Injected at build from the root package.json's version (scripts/app-version.mjs): the
// storefront's Vite and the test runner define it. A bundle that does not define it gets
// a fixed 'unversioned', so the gate never logs anyone out for a version it cannot know.
declare const __PLATEIA_APP_VERSION__: string | undefined;

/** The built app version. */
export const APP_VERSION: string =
  typeof __PLATEIA_APP_VERSION__ === 'string' ? __PLATEIA_APP_VERSION__ : 'unversioned';

/** How often the gate looks again, docs/core.md. */
export const VERSION_CHECK_INTERVAL_MS = 60_000;

/** Where a forced logout lands. */
export const FORCED_LOGOUT_URL = '/?forcedLogout=true';

/** How long a forced logout waits for the API host to revoke the token before leaving anyway. */
export const FORCED_LOGOUT_REVOKE_WAIT_MS = 2000;

/**
 * Leaves for the forced-logout page once the API host has revoked `token` (or has failed
 * to, or has not answered within {@link FORCED_LOGOUT_REVOKE_WAIT_MS}): forgetting the
 * token here alone would leave it working for anyone who copied it.
 */
function revokeThenLeave(token: string | null): void {
  if (!token) {
    navigate(FORCED_LOGOUT_URL);
    return;
  }
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    clearTimeout(timer);
    navigate(FORCED_LOGOUT_URL);
  };
  const timer = setTimeout(leave, FORCED_LOGOUT_REVOKE_WAIT_MS);
  revokeSessionToken(token).then(leave, leave);
}

const APP_VERSION_KEY = 'plateia:appVersion';

/** What one check found: a first visit (version stored), the same version, or a forced logout. */
export type VersionCheck = 'stored' | 'current' | 'forcedLogout';

/** Compares the stored version with `built` once and acts on it. */
export function checkAppVersion(built: string = APP_VERSION): VersionCheck {
  const stored = readStorage(APP_VERSION_KEY);
  if (stored === null) {
    writeStorage(APP_VERSION_KEY, built);
    return 'stored';
  }
  if (stored === built) return 'current';
  const token = $sessionToken.get();
  clearPlateiaStorage();
  $user.set(null);
  $sessionToken.set(null);
  revokeThenLeave(token);
  return 'forcedLogout';
}

/**
 * Checks now and every 60 s; returns the function that stops it. Does nothing on the
 * server. Stops by itself after a forced logout, since the page is leaving.
 */
export function startVersionGate(built: string = APP_VERSION): () => void {
  if (typeof window === 'undefined') return () => {};
  if (checkAppVersion(built) === 'forcedLogout') return () => {};
  const timer = setInterval(() => {
    if (checkAppVersion(built) === 'forcedLogout') clearInterval(timer);
  }, VERSION_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
