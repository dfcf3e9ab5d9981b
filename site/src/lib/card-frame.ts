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
 * unset or unknown NODE_ENV included) the storefront itself, the origins of `CORS_ORIGINS` (the embedding pages the API host
 * accepts), only those given as bare http(s) origins, and `listed`: the framing page's origin
 * when its organisation listed it (`listedEmbeddingOrigin`). None: the storefront only.
 */
export function cardFrameAncestors(
  env: Record<string, string | undefined> = process.env,
  listed: string | null = null,
): string {
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
  if (listed && !origins.includes(listed)) origins.push(listed);
  return ["'self'", ...origins].join(' ');
}

/** How long the storefront trusts the API host's answer about one origin. */
const LISTED_CACHE_MS = 30_000;
const listedAnswers = new Map<string, { allowed: boolean; at: number }>();

/**
 * The framing page's origin (the frame's `origin` query, set by the checkout) when the API
 * host says an organisation listed it as its site (`GET /embedding-origins/check`), else null.
 * Answers are kept 30 seconds per origin; an API host that does not answer within 1.5 s
 * counts as a no (the frame then stays closed to that page, as without a listing).
 */
export async function listedEmbeddingOrigin(
  pageOrigin: string | null,
  apiUrl: string,
  fetchFn: typeof fetch = fetch,
  now: number = Date.now(),
): Promise<string | null> {
  if (!pageOrigin) return null;
  let exact: string;
  try {
    const url = new URL(pageOrigin);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== pageOrigin) return null;
    exact = url.origin;
  } catch {
    return null;
  }
  const cached = listedAnswers.get(exact);
  if (cached && now - cached.at < LISTED_CACHE_MS) return cached.allowed ? exact : null;
  let allowed = false;
  try {
    const answer = await fetchFn(`${apiUrl}/embedding-origins/check?origin=${encodeURIComponent(exact)}`, {
      signal: AbortSignal.timeout(1500),
    });
    allowed = answer.ok && (await answer.json()).allowed === true;
  } catch {
    return null;
  }
  if (listedAnswers.size > 10_000) listedAnswers.clear();
  listedAnswers.set(exact, { allowed, at: now });
  return allowed ? exact : null;
}

/** The headers the card frame page answers with instead of `X-Frame-Options`. */
export function cardFrameHeaders(
  env: Record<string, string | undefined> = process.env,
  listed: string | null = null,
): Record<string, string> {
  return {
    'Content-Security-Policy': `frame-ancestors ${cardFrameAncestors(env, listed)}`,
    // The page is the same for everyone and carries nothing typed; it is never cached with data.
    'Cache-Control': 'no-store',
  };
}
