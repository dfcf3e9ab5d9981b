import { persistentAtom } from './browser-storage.ts';

/**
 * The opaque session token the API host answers at login (decisions §4), sent by the API
 * client as `Authorization: Bearer …`. It lives apart from the rest of the session so the
 * client can read it without importing the session actions (which import the client).
 * Stored under `plateia:token`; `null` when logged out.
 */
export const $sessionToken = persistentAtom<string | null>('plateia:token', null, {
  encode: (token) => token,
  decode: (raw) => (raw === '' ? undefined : raw),
});
