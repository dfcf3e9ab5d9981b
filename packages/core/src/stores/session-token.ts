import { embeddingStorefront } from '../rules/origin.ts';
import { holdInMemory, persistentAtom } from './browser-storage.ts';

/**
 * The opaque session token the API host answers at login (docs/accounts.md), sent by the API
 * client as `Authorization: Bearer …`. It lives apart from the rest of the session so the
 * client can read it without importing the session actions (which import the client).
 * Stored under `plateia:token`; `null` when logged out.
 */
export const $sessionToken = persistentAtom<string | null>('plateia:token', null, {
  encode: (token) => token,
  decode: (raw) => (raw === '' ? undefined : raw),
});

/**
 * On a producer's page the session (an embed token and `{ id, firstName }` only) lives in
 * memory: nothing under `plateia:token` or `plateia:user` is written to, or read from, the
 * page's storage, and what an older version left there is removed.
 */
export function holdSessionInMemory(): void {
  holdInMemory('plateia:token');
  holdInMemory('plateia:user');
}

if (embeddingStorefront()) holdSessionInMemory();
