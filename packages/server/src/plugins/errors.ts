import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loggableError } from '../logging.ts';

/** An error whose message is shown to the customer (pt-BR) with the given HTTP status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  constructor(statusCode: number, message: string, code?: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

const fieldNames: Record<string, string> = {
  user: 'e-mail',
  email: 'e-mail',
  pw: 'senha',
  namef: 'nome',
  namel: 'sobrenome',
};

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return API_ERROR_MESSAGES.invalidData;
  const path = first.instancePath.split('/').filter(Boolean);
  const missing = first.keyword === 'required' ? String(first.params.missingProperty ?? '') : '';
  const field = missing || path[path.length - 1] || '';
  const label = fieldNames[field] ?? field;
  if (first.keyword === 'required') return API_ERROR_MESSAGES.fieldMissing(label);
  if (first.keyword === 'format' && first.params.format === 'email') return INVALID_EMAIL_MESSAGE;
  if (first.keyword === 'additionalProperties') {
    return API_ERROR_MESSAGES.fieldNotAllowed(String(first.params.additionalProperty ?? ''));
  }
  if (first.keyword === 'maxLength') return API_ERROR_MESSAGES.fieldTooLong(label);
  if (first.keyword === 'minLength') return API_ERROR_MESSAGES.fieldTooShort(label);
  return label ? API_ERROR_MESSAGES.fieldInvalid(label) : API_ERROR_MESSAGES.invalidData;
}

// SQLSTATEs PostgreSQL raises for text it cannot store (a NUL byte, say): the input was
// bad, whichever route let it through.
const BAD_TEXT_SQLSTATES = new Set(['22021', '22P05']);

function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The body of every error answer (docs/architecture.md): a machine code and a pt-BR message. */
interface ErrorBody {
  error: string;
  message: string;
}

/**
 * Sends an error answer serialized as it is, not through the route's response schema for
 * that status: a schema that documents more fields (a route's own refusals with `success`)
 * would otherwise fail to serialize the handler's body and turn a 4xx into a 500.
 */
function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a malformed percent escape,
 * a path segment over the router's length limit) are answered before any route or error
 * handler runs, in English unless this handles them.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  sendError(reply, status, { error: 'bad_request', message: API_ERROR_MESSAGES.badRequest });
}

/**
 * Every error becomes a JSON body `{ message, error }` with a pt-BR message. Framework
 * errors on bad input (validation, malformed JSON, oversized bodies, wrong content type)
 * answer 4xx; only a genuine fault answers 500, and its details stay in the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return sendError(reply, 400, { error: 'validation', message: describeValidation(error) });
    }
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) {
      return sendError(reply, status, { error: error.code ?? 'error', message: error.message });
    }
    if (status === 413) {
      return sendError(reply, 413, { error: 'too_large', message: API_ERROR_MESSAGES.tooLarge });
    }
    if (status === 415) {
      return sendError(reply, 415, {
        error: 'unsupported',
        message: API_ERROR_MESSAGES.unsupportedMediaType,
      });
    }
    if (status === 429) {
      return sendError(reply, 429, { error: 'rate_limited', message: API_ERROR_MESSAGES.tooManyRequests });
    }
    if (BAD_TEXT_SQLSTATES.has(sqlState(error) ?? '')) {
      return sendError(reply, 400, { error: 'validation', message: API_ERROR_MESSAGES.badCharacters });
    }
    if (status >= 400 && status < 500) {
      return sendError(reply, status, {
        error: error.code ?? 'bad_request',
        message: API_ERROR_MESSAGES.badRequest,
      });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return sendError(reply, 500, { error: 'internal', message: API_ERROR_MESSAGES.internal });
  });
  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, 404, { error: 'not_found', message: API_ERROR_MESSAGES.notFound });
  });
}
