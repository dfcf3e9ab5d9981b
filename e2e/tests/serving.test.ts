import { describe, expect, it } from 'vitest';
import { stack } from '../support/browser.ts';

/** Text only React's development runtime carries (react-dom-client.development.js). */
const REACT_DEVELOPMENT_MARKER = 'Download the React DevTools for a better development experience';

/**
 * Every script a page can load: the `/_astro/*.js` files its HTML names, then every module
 * those import (statically or lazily), followed to the end.
 */
async function scriptsOf(path: string): Promise<Map<string, string>> {
  const { siteUrl } = stack();
  const html = await (await fetch(`${siteUrl}${path}`)).text();
  const pending = [...html.matchAll(/\/_astro\/[\w.-]+\.js/g)].map((match) => match[0]);
  const bodies = new Map<string, string>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (bodies.has(file)) continue;
    const response = await fetch(`${siteUrl}${file}`);
    expect(response.status, file).toBe(200);
    const body = await response.text();
    bodies.set(file, body);
    for (const match of body.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) pending.push(`/_astro/${match[1]}`);
  }
  return bodies;
}

describe('what the storefront ships to browsers', () => {
  it('is a production build whatever NODE_ENV the processes run with', async () => {
    // The stack runs with NODE_ENV=development (demo data and stand-ins).
    const scripts = await scriptsOf('/');
    expect(scripts.size).toBeGreaterThan(0);
    const withReact = [...scripts].filter(([, body]) => body.includes('react.dev/'));
    expect(withReact.length, 'the page hydrates React islands').toBeGreaterThan(0);
    for (const [file, body] of scripts) expect(body.includes(REACT_DEVELOPMENT_MARKER), file).toBe(false);
    // Astro's development island script (with its render-time attributes) is not in the HTML either.
    const html = await (await fetch(`${stack().siteUrl}/`)).text();
    expect(html).not.toContain('server-render-time');
  });
});
