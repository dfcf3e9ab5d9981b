import { defineMiddleware } from 'astro:middleware';
import {
  CARD_FRAME_PAGE,
  cardFrameAncestors,
  cardFrameHeaders,
  listedEmbeddingOrigin,
} from './lib/card-frame.ts';
import { completePolicy, runtimeSources } from './lib/content-security-policy.ts';
import { eventsListingRedirect } from './lib/routes.ts';
import { getSiteConfig } from './lib/site-config.ts';

/** Paths that are not pages: the slug redirect and page headers do not apply to them. */
const NON_PAGE_PREFIXES = ['/api/', '/embed/', '/_'];

/**
 * Runs before every on-demand route. Pages that receive a `slug` query go to the external
 * events listing (docs/site.md: the header redirects there), answered by the server already so
 * the visitor never sees a flash of the wrong page.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { url, request } = context;
  const isPage = !NON_PAGE_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
  if (isPage && request.method === 'GET') {
    const target = eventsListingRedirect(url, getSiteConfig().eventsListingUrl);
    if (target) return context.redirect(target, 302);
  }
  const response = await next();
  if (isPage) {
    // Read before the card frame's own header replaces it.
    const astroPolicy = response.headers.get('content-security-policy');
    response.headers.set('X-Content-Type-Options', 'nosniff');
    response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    const isCardFrame = url.pathname === CARD_FRAME_PAGE || url.pathname === `${CARD_FRAME_PAGE}/`;
    // The framing page's origin, when its organisation listed it as its site.
    const listed = isCardFrame
      ? await listedEmbeddingOrigin(url.searchParams.get('origin'), getSiteConfig().apiUrl)
      : null;
    if (isCardFrame) {
      // The card frame is framed by producer pages (frame-ancestors lists which).
      for (const [name, value] of Object.entries(cardFrameHeaders(process.env, listed))) {
        response.headers.set(name, value);
      }
    } else {
      // Account pages must not be framed by other sites (clickjacking on "Sair", profile forms).
      response.headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
    // Astro's policy (a built page's) gains the sources only the running server knows. The
    // development server sends none: Vite's own scripts would not pass it.
    if (astroPolicy?.includes('script-src')) {
      const ancestors = isCardFrame ? cardFrameAncestors(process.env, listed) : "'self'";
      const runtime = runtimeSources(getSiteConfig().apiUrl, ancestors);
      response.headers.set('Content-Security-Policy', completePolicy(astroPolicy, runtime));
    }
  }
  return response;
});
