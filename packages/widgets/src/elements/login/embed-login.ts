/**
 * Login on a producer's page (docs/security.md "Contas em páginas de produtores"). On an
 * origin other than the storefront's, `<plateia-login>` never asks for the password: "Entrar"
 * opens the storefront's `/conta/conectar?origin=…&nonce=…` in a popup, where the customer
 * signs in (password or Google) on the Plateia origin and allows the page. The popup then
 * posts `plateia:embed-login` to the page's origin only, and the element accepts it only from
 * that popup window, from the storefront's origin, with its nonce. What the page gets: a
 * short-lived token scoped to buying and bound to its origin, and `{ id, firstName }`.
 *
 * No dependency beyond the DOM and `shared/storefront-origin.ts`: the storefront's popup page
 * imports this file too.
 */
import { storefrontPageUrl } from '../../shared/storefront-origin.ts';

/** The storefront's page the popup shows. */
export const EMBED_LOGIN_PATH = '/conta/conectar';
/** The message's `type`. */
export const EMBED_LOGIN_MESSAGE = 'plateia:embed-login';

/** What the popup posts to the page, and nothing more. */
export interface EmbedLoginMessage {
  type: typeof EMBED_LOGIN_MESSAGE;
  nonce: string;
  token: string;
  expiresAt: string;
  user: { id: number; firstName: string };
}

/** The popup's address for a page at `pageOrigin`. */
export function embedLoginUrl(storefront: string, pageOrigin: string, nonce: string): string {
  return storefrontPageUrl(storefront, EMBED_LOGIN_PATH, pageOrigin, nonce);
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
