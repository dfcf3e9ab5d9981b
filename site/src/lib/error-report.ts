import type { ErrorLogEntry } from '@plateia/core';

/**
 * Checks what browsers post to `/api/errors` (core's error-log entry, docs/core.md) before it
 * reaches the server log: the endpoint is public, so shape and size are enforced and
 * anything else is refused rather than logged.
 */

/** Largest accepted request body: an entry with a long stack fits easily. */
export const MAX_ERROR_REPORT_BYTES = 32 * 1024;

const LIMITS = { message: 2000, stack: 16_000, type: 100, url: 2048, userAgent: 512, timestamp: 64 } as const;

/** The outcome of {@link parseErrorReport}. */
export type ErrorReportResult = { ok: true; entry: ErrorLogEntry } | { ok: false; reason: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A page address without its query and fragment: those carry recovery and verification
 * tokens (`/recuperar-senha?token=…`) and the session token after Google sign-in
 * (`/auth/callback#token=…`), which must never reach a log line.
 */
export function stripQueryAndFragment(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

// An absolute URL or a root-relative path, then its query and/or fragment; a stack frame's
// `:line:column` after them is kept.
const URL_WITH_QUERY =
  /((?:[a-z][a-z0-9+.-]*:\/\/|\/)[^\s?#'"()<>]*)[?#][^\s'"()<>]*?((?::\d+){1,2})?(?=[\s'"()<>]|$)/gi;

/** Free text (a message, a stack) with every quoted URL's query and fragment removed. */
export function stripQueriesInText(text: string): string {
  return text.replace(
    URL_WITH_QUERY,
    (_match, address: string, position: string | undefined) => address + (position ?? ''),
  );
}

function stripQueriesInValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return stripQueriesInText(value);
  if (depth > 4 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => stripQueriesInValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, stripQueriesInValue(item, depth + 1)]),
  );
}

/** Parses and validates a posted body (already read as text). */
export function parseErrorReport(body: string): ErrorReportResult {
  if (new TextEncoder().encode(body).byteLength > MAX_ERROR_REPORT_BYTES)
    return { ok: false, reason: 'too large' };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isRecord(value)) return { ok: false, reason: 'not an object' };
  const { message, stack, type, url, userAgent, timestamp, context } = value;
  if (typeof message !== 'string' || message.length === 0 || message.length > LIMITS.message) {
    return { ok: false, reason: 'message' };
  }
  if (stack !== undefined && (typeof stack !== 'string' || stack.length > LIMITS.stack)) {
    return { ok: false, reason: 'stack' };
  }
  for (const [name, field] of [
    ['type', type],
    ['url', url],
    ['userAgent', userAgent],
    ['timestamp', timestamp],
  ] as const) {
    if (typeof field !== 'string' || field.length > LIMITS[name]) return { ok: false, reason: name };
  }
  if (Number.isNaN(Date.parse(timestamp as string))) return { ok: false, reason: 'timestamp' };
  if (context !== undefined && !isRecord(context)) return { ok: false, reason: 'context' };
  // Tokens travel in page addresses: the logged entry keeps paths only, wherever they appear.
  return {
    ok: true,
    entry: {
      message: stripQueriesInText(message),
      stack: stack === undefined ? undefined : stripQueriesInText(stack as string),
      type: type as string,
      url: stripQueryAndFragment(url as string),
      userAgent: userAgent as string,
      timestamp: timestamp as string,
      context:
        context === undefined ? undefined : (stripQueriesInValue(context, 0) as Record<string, unknown>),
    },
  };
}

/** One JSON line for the server log, marked so log tooling can pick browser errors out. */
export function formatErrorLogLine(entry: ErrorLogEntry, receivedAt: Date): string {
  return JSON.stringify({
    level: 'error',
    source: 'browser',
    receivedAt: receivedAt.toISOString(),
    ...entry,
  });
}
