import type { FastifyServerOptions } from 'fastify';

// Paths whose segments hold e-mails, password digests, salts or single-use tokens.
const SENSITIVE_PATH = /^\/(getsalt|login|pwrecovery|recovery|customer\/verify)\/.*/;

/** Replaces secrets in a URL before it reaches a log line. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?');
  const redactedPath = path.replace(SENSITIVE_PATH, (_match, route: string) => `/${route}/[redacted]`);
  return query ? `${redactedPath}?[redacted]` : redactedPath;
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
  stack?: string;
  cause?: LoggableError;
}

/**
 * An error reduced to what a log may hold. Drizzle puts a failed query's parameters in its
 * message (`Failed query: … params: …`), which can carry e-mails, salts, password hashes or
 * token digests, so everything from `params:` on is cut, also from the stack's first line.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown' };
  const message = error.message.split(/\n?params:/)[0]?.slice(0, 500) ?? '';
  const code = (error as { code?: unknown }).code;
  const out: LoggableError = { type: error.name, message };
  if (typeof code === 'string') out.code = code;
  if (error.stack)
    out.stack = error.stack.replace(error.message, message).split('\n').slice(0, 12).join('\n');
  if (error.cause && depth < 3) out.cause = loggableError(error.cause, depth + 1);
  return out;
}
