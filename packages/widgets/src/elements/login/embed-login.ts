/**
 * Login on a producer's page (docs/security.md "Contas em páginas de produtores"). On an
 * origin other than the storefront's, `<plateia-login>` never asks for the password: "Entrar"
 * opens the storefront's `/conta/conectar?origin=…&nonce=…` in a popup, where the customer
 * signs in (password or Google) on the Plateia origin and allows the page. The popup then
 * posts `plateia:embed-login` to the page's origin only, and the element accepts it only from
 * that popup window, from the storefront's origin, with its nonce. What the page gets: a
 * short-lived token scoped to buying and bound to its origin, and `{ id, firstName }`.
 *
 * No dependency beyond the DOM: the storefront's popup page imports this file too.
 */

/** The storefront's page the popup shows. */
export const EMBED_LOGIN_PATH = '/conta/conectar';
/** The message's `type`. */
export const EMBED_LOGIN_MESSAGE = 'plateia:embed-login';
/** The nonce a page names its popup by: 32 hex digits. */
export const EMBED_NONCE = /^[0-9a-f]{32}$/;

/** What the popup posts to the page, and nothing more. */
export interface EmbedLoginMessage {
  type: typeof EMBED_LOGIN_MESSAGE;
  nonce: string;
  token: string;
  expiresAt: string;
  user: { id: number; firstName: string };
}

/** `value` when it is an exact http(s) origin (no path, query or user), else null. */
export function exactOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The storefront's origin when the page is a producer's: the script-tag loader's address
 * (`Plateia.base`, the storefront serving `plateia.js`) names another origin than the page's.
 * Null on the storefront itself and without the loader (elements bundled into the page).
 */
export function embedStorefront(
  pageOrigin: string = globalThis.location?.origin ?? '',
  base: string | undefined = (globalThis as { Plateia?: { base?: string } }).Plateia?.base,
): string | null {
  if (!base) return null;
  let storefront: string;
  try {
    storefront = new URL(base).origin;
  } catch {
    return null;
  }
  if (!exactOrigin(storefront) || storefront === pageOrigin) return null;
  return storefront;
}

/** A fresh nonce for one popup. */
export function newEmbedNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The popup's address for a page at `pageOrigin`. */
export function embedLoginUrl(storefront: string, pageOrigin: string, nonce: string): string {
  const url = new URL(EMBED_LOGIN_PATH, storefront);
  url.searchParams.set('origin', pageOrigin);
  url.searchParams.set('nonce', nonce);
  return url.href;
}

/** The message's content when `event` is the awaited popup's answer, else null. */
export function readEmbedLogin(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  expected: { storefront: string; popup: MessageEventSource | null; nonce: string },
): EmbedLoginMessage | null {
  if (event.origin !== expected.storefront || !expected.popup || event.source !== expected.popup) return null;
  const data = event.data as Partial<EmbedLoginMessage> | null;
  if (data?.type !== EMBED_LOGIN_MESSAGE || data.nonce !== expected.nonce) return null;
  if (typeof data.token !== 'string' || !/^[A-Za-z0-9_-]{20,128}$/.test(data.token)) return null;
  const user = data.user;
  if (typeof user?.id !== 'number' || typeof user.firstName !== 'string') return null;
  return {
    type: EMBED_LOGIN_MESSAGE,
    nonce: data.nonce,
    token: data.token,
    expiresAt: String(data.expiresAt ?? ''),
    // Only these two fields travel on, whatever else a message carries.
    user: { id: user.id, firstName: user.firstName },
  };
}
