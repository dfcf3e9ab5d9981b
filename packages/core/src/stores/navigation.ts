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

// Stands in for the page's origin where there is none (server rendering, opaque origins).
const PARSE_BASE = 'https://plateia.invalid';

function siteOrigin(origin: string | undefined): string {
  const candidate = origin ?? globalThis.location?.origin;
  return candidate && candidate !== 'null' ? candidate : PARSE_BASE;
}

/**
 * The path `url` names on this site, resolved as the browser would (`new URL` against the
 * site's origin, then the origins compared), or null when it names anything else. Text that
 * a URL parser would rewrite is refused outright: tab, CR and LF are dropped by the parser
 * (so `/\t/evil.example` becomes `//evil.example`) and a backslash reads as a slash.
 */
export function sameSitePath(url: unknown, origin?: string): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.length > 2000) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return null;
  const base = siteOrigin(origin);
  try {
    const resolved = new URL(url, base);
    if (resolved.origin !== new URL(base).origin) return null;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return null;
  }
}

/**
 * Whether `url` is a path on this site (`/mytickets`, `/checkout/7?x=1`), the only kind
 * of address the core follows after login: an absolute or protocol-relative URL there
 * would let a crafted link send a freshly logged-in person to another site.
 */
export function isSameSitePath(url: unknown): url is string {
  return sameSitePath(url) !== null;
}
