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
