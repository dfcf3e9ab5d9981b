/**
 * Headers of the card frame page (`/pagamento/cartao`, docs/security.md "Card entry"): the
 * one storefront page other sites may frame, so producer pages can take card data without
 * ever seeing it. Every other page keeps `X-Frame-Options: SAMEORIGIN`.
 */
import { isDevelopmentEnv } from './site-config.ts';

/** The card frame page's path (the widgets' `CARD_FRAME_PATH`). */
export const CARD_FRAME_PAGE = '/pagamento/cartao';

/**
 * `frame-ancestors` of the card frame: any page with NODE_ENV `development`; otherwise (an
 * unset or unknown NODE_ENV included) the storefront itself and the origins of `CORS_ORIGINS` (the embedding pages the API host
 * accepts), only those given as bare http(s) origins. None configured: the storefront only.
 */
export function cardFrameAncestors(env: Record<string, string | undefined> = process.env): string {
  if (isDevelopmentEnv(env)) return '*';
  const origins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
      } catch {
        return false;
      }
    });
  return ["'self'", ...origins].join(' ');
}

/** The headers the card frame page answers with instead of `X-Frame-Options`. */
export function cardFrameHeaders(
  env: Record<string, string | undefined> = process.env,
): Record<string, string> {
  return {
    'Content-Security-Policy': `frame-ancestors ${cardFrameAncestors(env)}`,
    // The page is the same for everyone and carries nothing typed; it is never cached with data.
    'Cache-Control': 'no-store',
  };
}
