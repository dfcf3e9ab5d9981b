/**
 * No number a double cannot hold reaches a handler. ajv coerces the text "1e309" or
 * "Infinity" of a path segment or query to ±Infinity and then skips `minimum` and
 * `maximum` for it (they only compare finite numbers), so a route typed `integer` with a
 * range still let it through to its query. This hook runs after validation, on what the
 * handler will read (params, query and body after coercion), and refuses any number that
 * is not finite or lies past 2^53, with the same 400 a schema refusal answers.
 */
import { API_ERROR_MESSAGES } from '@plateia/core/messages/errors';
import type { FastifyInstance } from 'fastify';

/** The first field (by name) holding a number outside what the API takes, or null. */
export function unsafeNumberField(value: unknown, field = ''): string | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : field;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unsafeNumberField(item, Array.isArray(value) ? field : key);
    if (found !== null) return found;
  }
  return null;
}

/** Registers the hook on `app`, before the routes, so every route has it. */
export function registerFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (request, reply) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = unsafeNumberField(part);
      if (field === null) continue;
      return reply
        .status(400)
        .type('application/json; charset=utf-8')
        .serializer(JSON.stringify)
        .send({
          error: 'validation',
          message: field ? API_ERROR_MESSAGES.fieldInvalid(field) : API_ERROR_MESSAGES.invalidData,
        });
    }
  });
}
