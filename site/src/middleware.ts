import { defineMiddleware } from 'astro:middleware';
import { CARD_FRAME_PAGE, cardFrameHeaders } from './lib/card-frame.ts';
import { eventsListingRedirect } from './lib/routes.ts';
import { getSiteConfig } from './lib/site-config.ts';

/** Paths that are not pages: the slug redirect and page headers do not apply to them. */
const NON_PAGE_PREFIXES = ['/api/', '/embed/', '/_'];

/**
 * Runs before every on-demand route. Pages that receive a `slug` query go to the external
 * events listing (spec §2: the header redirects there), answered by the server already so
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
    response.headers.set('X-Content-Type-Options', 'nosniff');
    response.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (url.pathname === CARD_FRAME_PAGE || url.pathname === `${CARD_FRAME_PAGE}/`) {
      // The card frame is framed by producer pages (frame-ancestors lists which).
      for (const [name, value] of Object.entries(cardFrameHeaders())) response.headers.set(name, value);
    } else {
      // Account pages must not be framed by other sites (clickjacking on "Sair", profile forms).
      response.headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
  }
  return response;
});
