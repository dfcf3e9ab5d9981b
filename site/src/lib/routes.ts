/**
 * Route facts the layout needs. The spec hides the footer on chat pages: under /friends,
 * where the third path segment is `chat` (`/friends/{friendId}/chat`).
 */
export function isChatPath(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'friends' && segments[2] === 'chat';
}

/**
 * Address of the external events listing for a `slug` query, or `null` when the request
 * has none. The listing receives the slug as its own `slug` query parameter.
 */
export function eventsListingRedirect(url: URL, listingUrl: string): string | null {
  const slug = url.searchParams.get('slug');
  if (!slug) return null;
  const target = new URL(listingUrl, url);
  target.searchParams.set('slug', slug);
  return target.toString();
}
