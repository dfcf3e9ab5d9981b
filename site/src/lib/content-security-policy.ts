/**
 * The storefront's Content-Security-Policy (docs/security.md, "Content-Security-Policy").
 * Astro writes the build-time part (`security.csp` in astro.config.mjs): `script-src 'self'`
 * with a hash of every inline script it emits (island bootstrap, client directives), the
 * static directives, `style-src`. This module adds what is only known when the server runs:
 * the API host's origin, the card gateway's, the hash of the inline script that names the
 * API host, and who may frame the page.
 */
import { createHash } from 'node:crypto';
import { isDevelopmentEnv, toInlineScriptJson } from './site-config.ts';

/**
 * The inline script every page carries in `<head>` (before any island), naming the API
 * host for the shared core. One function renders it and hashes it, so the two never drift.
 */
export function apiUrlScript(apiUrl: string): string {
  return `globalThis.PLATEIA_API_URL=${toInlineScriptJson(apiUrl)};`;
}

/** A CSP hash source for an inline script's exact text. */
export function scriptHash(content: string): string {
  return `'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`;
}

/** The bare origin of an http(s) URL, or null for anything else. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** What the running storefront adds to Astro's policy, per directive. */
export interface RuntimeSources {
  'script-src': string[];
  'connect-src': string[];
  'img-src': string[];
  'frame-src': string[];
  /** Replaces any `frame-ancestors` (only the card frame is framable by other sites). */
  'frame-ancestors': string;
}

/**
 * The sources known at run time: the API host (`PUBLIC_API_URL`: calls, event streams,
 * images it serves) and the card gateway's public origin (`CARD_PUBLIC_URL`, the same
 * setting the API host reads: its tokeniser script, its calls and 3-D Secure frames). In
 * development the sandbox gateway and the local stand-ins run on loopback ports, which are
 * allowed as a whole there and nowhere else.
 */
export function runtimeSources(
  apiUrl: string,
  frameAncestors: string,
  env: Record<string, string | undefined> = process.env,
): RuntimeSources {
  const api = originOf(apiUrl);
  const gateway = originOf(env.CARD_PUBLIC_URL);
  const loopback = isDevelopmentEnv(env) ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];
  const outside = [...(gateway ? [gateway] : []), ...loopback];
  return {
    'script-src': [scriptHash(apiUrlScript(apiUrl)), ...outside],
    'connect-src': [...(api ? [api] : []), ...outside],
    'img-src': api ? [api] : [],
    'frame-src': outside,
    'frame-ancestors': frameAncestors,
  };
}

/** A policy's directives by name, in their order, each with its sources. */
function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * Astro's policy with the run-time sources added: appended to their directive (created from
 * `default-src` when the directive is absent, so adding an origin never opens what the
 * default closes), `frame-ancestors` set.
 */
export function completePolicy(astroPolicy: string, runtime: RuntimeSources): string {
  const directives = parse(astroPolicy);
  const base = directives.get('default-src') ?? ["'self'"];
  for (const name of ['script-src', 'connect-src', 'img-src', 'frame-src'] as const) {
    const current = directives.get(name) ?? [...base];
    for (const source of runtime[name]) if (!current.includes(source)) current.push(source);
    directives.set(name, current);
  }
  directives.set('frame-ancestors', runtime['frame-ancestors'].split(/\s+/).filter(Boolean));
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
