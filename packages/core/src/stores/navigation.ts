/**
 * The one way the core leaves the page (after login, Google sign-in, forced logout).
 * Going through a replaceable function lets tests observe navigation and lets a host
 * (a single-page app, a widget preview) route it its own way.
 */

/** Something that takes the browser to a URL. */
export type Navigator = (url: string) => void;

const browserNavigator: Navigator = (url) => {
  // No-op during server-side rendering: there is no page to leave.
  globalThis.location?.assign(url);
};

let current: Navigator = browserNavigator;

/** Navigates to `url` through the current navigator (by default `location.assign`). */
export function navigate(url: string): void {
  current(url);
}

/** Replaces the navigator; pass `null` to go back to `location.assign`. Returns the previous one. */
export function setNavigator(navigator: Navigator | null): Navigator {
  const previous = current;
  current = navigator ?? browserNavigator;
  return previous;
}

/**
 * Whether `url` is a path on this site (`/mytickets`, `/checkout/7?x=1`), the only kind
 * of address the core follows after login: an absolute or protocol-relative URL there
 * would let a crafted link send a freshly logged-in person to another site.
 */
export function isSameSitePath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}
