import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_NOT_FOUND_MESSAGE } from '@plateia/core/messages/sessions';
import { listSessions, revokeAllSessions, revokeOwnSession } from '../../accounts/sessions.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import { RevokeAllSchema, SessionListSchema, SessionParams } from '../../schemas/sessions.ts';

/**
 * The caller's own sessions (the profile's "Sessões ativas"): `GET /customer/sessions`
 * lists them (the current one marked), `POST /customer/sessions/{sessionId}/revoke` ends
 * one of them, `POST /customer/sessions/revoke-all` ends all of them, this one included ("Sair de
 * todos os dispositivos"). Every route acts only on the session's own customer.
 */
const sessions: FastifyPluginAsyncTypebox = async (app) => {
  const security = [{ bearer: [] }];

  app.get(
    '/customer/sessions',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "The caller's live sessions, most recently used first",
        security,
        response: { 200: SessionListSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({
      data: await listSessions(app.database.db, request.customer.id, request.sessionId, app.now()),
    }),
  );

  app.post(
    '/customer/sessions/:sessionId/revoke',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Ends one of the caller's sessions",
        security,
        params: SessionParams,
        response: { 200: SuccessSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const { sessionId } = request.params;
      const ended = await revokeOwnSession(app.database.db, request.customer.id, sessionId, app.now());
      // Another customer's session answers like an unknown one: ids reveal nothing.
      if (!ended) throw new HttpError(404, SESSION_NOT_FOUND_MESSAGE, 'not_found');
      return { success: true };
    },
  );

  app.post(
    '/customer/sessions/revoke-all',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: 'Ends every session of the caller, this one included (sign out everywhere)',
        security,
        response: { 200: RevokeAllSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({
      success: true,
      revoked: await revokeAllSessions(app.database.db, request.customer.id, app.now()),
    }),
  );
};

export default sessions;
