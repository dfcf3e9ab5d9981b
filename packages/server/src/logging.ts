import type { FastifyServerOptions } from 'fastify';

// Paths whose segments hold e-mails, password digests, salts, single-use tokens or the PIX
// webhook secret.
const SENSITIVE_ROUTES = 'payments/webhooks/pix|getsalt|login|pwrecovery|recovery|customer/verify';
const SENSITIVE_PATH = new RegExp(`^/(${SENSITIVE_ROUTES})/.*`);
// The same paths inside free text (an error message quoting a URL), and secret-carrying
// query parameters and fragments.
const SENSITIVE_PATH_IN_TEXT = new RegExp(`/(${SENSITIVE_ROUTES})/[^\\s"'<>]*`, 'g');
const SECRET_PARAMETER = /([?&#](?:token|code|state|secret|hash|salt|access_token|id_token)=)[^&#\s"'<>]*/gi;

/**
 * Route options for the on-sale's hot routes (seat holds, queue joins and positions): their
 * warnings and errors, not a request line per answered call, which at thousands of calls a
 * second costs the host more than the call itself (docs/jobs.md, "Overload"). A host
 * configured quieter than `warn` (tests: `silent`) keeps its own level.
 */
export function hotPathLogging(level: string): { logLevel?: 'warn' } {
  return ['trace', 'debug', 'info'].includes(level) ? { logLevel: 'warn' } : {};
}

/** Replaces secrets in a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?');
  const redactedPath = path.replace(SENSITIVE_PATH, (_match, route: string) => `/${route}/[redacted]`);
  return query ? `${redactedPath}?[redacted]` : redactedPath;
}

/** Replaces secret-carrying paths and query parameters quoted inside a text (an error message). */
export function redactText(text: string): string {
  return text
    .replace(SENSITIVE_PATH_IN_TEXT, (_match, route: string) => `/${route}/[redacted]`)
    .replace(SECRET_PARAMETER, '$1[redacted]');
}

/** The logger's serializer for `err` and `error`: an Error becomes its loggable form once. */
function reduceLoggedError(value: unknown): { type: string; message: string; stack: string } {
  // A value already reduced (the error handler logs `loggableError(error)`) passes through.
  if (!(value instanceof Error)) return value as { type: string; message: string; stack: string };
  return { stack: '', ...loggableError(value) };
}

/** Logger options: request lines carry method, redacted URL and status; never bodies or auth headers. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.pw',
      '*.token',
      '*.fileBase64',
    ],
    serializers: {
      // Every error logged under `err` or `error`, by the host or by a domain, is reduced
      // to what a log may hold (no query parameters, no database error text).
      err: reduceLoggedError,
      error: reduceLoggedError,
      req(request) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/** An error as it may appear in a log line. */
export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  /** For database errors: the names PostgreSQL reports (never values). */
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
  stack?: string;
  cause?: LoggableError;
}

/** A PostgreSQL error (node-postgres or PGlite): a SQLSTATE code and a severity. */
function isDatabaseError(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/**
 * An error reduced to what a log may hold. Drizzle puts a failed query's parameters in its
 * message (`Failed query: … params: …`), which can carry e-mails, salts, password hashes or
 * token digests, so everything from `params:` on is cut, also from the stack's first line.
 * A database error's own text and detail quote the values it refused (`invalid input syntax
 * for type integer: "…"`, `Key (email)=(…) already exists`), so only its SQLSTATE and the
 * names of the table, column, constraint and routine are kept. Secret paths and query
 * parameters quoted in any message are redacted.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown' };
  const code = (error as { code?: unknown }).code;
  const database = isDatabaseError(error);
  const message = database
    ? `database error ${String(code)}`
    : redactText(error.message.split(/\n?params:/)[0]?.slice(0, 500) ?? '');
  const out: LoggableError = { type: error.name, message };
  if (typeof code === 'string') out.code = code;
  if (database) {
    const names = error as { table?: unknown; column?: unknown; constraint?: unknown; routine?: unknown };
    for (const key of ['table', 'column', 'constraint', 'routine'] as const) {
      const value = names[key];
      if (typeof value === 'string') out[key] = value;
    }
  }
  if (error.stack) {
    // The stack's first line repeats the message; the rest are code locations.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${error.name}: ${message}`, ...frames].slice(0, 12).join('\n');
  }
  if (error.cause && depth < 3) out.cause = loggableError(error.cause, depth + 1);
  return out;
}
