/**
 * Addresses of the shared-payment pages (docs/shared-payments.md): the group page
 * `/pagamento-compartilhado/{id}`, a share's page `/pagamento-compartilhado/cota/{shareId}`
 * and the share link's token (`?t=`), which the pages pass on so a participant without an
 * account can move between them.
 */
import { isValidEmail } from '@plateia/core/rules/email';

/** A share link's token as the API host draws it: URL-safe, of a sane length. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/** The `t` of a page's query, or null when absent or not shaped like a token. */
export function shareTokenFromSearch(search: string): string | null {
  const token = new URLSearchParams(search).get('t');
  return token && TOKEN_SHAPE.test(token) ? token : null;
}

const withToken = (path: string, token: string | null | undefined) =>
  token ? `${path}?t=${encodeURIComponent(token)}` : path;

/** The group page, carrying the share token when the viewer came by one. */
export function groupPagePath(id: number, token?: string | null): string {
  return withToken(`/pagamento-compartilhado/${id}`, token);
}

/** A share's page, carrying the share token when the viewer came by one. */
export function sharePagePath(shareId: number, token?: string | null): string {
  return withToken(`/pagamento-compartilhado/cota/${shareId}`, token);
}

/** Sign-up with the share's e-mail filled in: the tickets go to the account of that e-mail. */
export function signUpPathFor(email: string): string {
  return `/cadastro?email=${encodeURIComponent(email)}`;
}

/** The e-mail a sign-up link asks to fill in, or an empty string. */
export function emailFromSearch(search: string): string {
  const email = new URLSearchParams(search).get('email')?.trim() ?? '';
  return isValidEmail(email) ? email : '';
}
