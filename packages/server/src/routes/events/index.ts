import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_NOT_FOUND } from '@plateia/core/messages/catalogue';
import { getEventDetail, listEvents } from '../../catalogue/events.ts';
import { meiaEntradaOf, setMeiaPolicy } from '../../meia-entrada/policy.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  EventDetailSchema,
  EventIdOrSlugParamsSchema,
  EventIdParamsSchema,
  EventListQuerySchema,
  EventListSchema,
  MeiaEntradaSchema,
  MeiaPolicyBodySchema,
} from '../../schemas/catalogue.ts';
import { ErrorSchema } from '../../schemas/common.ts';

/** `GET /events` and `GET /events/{id}`: the public catalogue. */
const events: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Lists published events (search by q, exact slug, paging).',
        querystring: EventListQuerySchema,
        response: { 200: EventListSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { ...(await listEvents(app.database.db, request.query)), page, limit };
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One event by id or slug: lots, products, resale offers, fee and seat map flag.',
        params: EventIdOrSlugParamsSchema,
        response: { 200: EventDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const detail = await getEventDetail(app.database.db, request.params.id);
      if (!detail) throw new HttpError(404, EVENT_NOT_FOUND, 'not_found');
      return detail;
    },
  );

  app.get(
    '/events/:id/meia-entrada',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'The event\'s meia-entrada quota, its live counter ("Restam 312 de 800 meias-entradas") and accepted documents.',
        params: EventIdParamsSchema,
        response: { 200: MeiaEntradaSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      // A live counter: pages poll it, caches must not keep it.
      reply.header('cache-control', 'no-store');
      return meiaEntradaOf(app.database.db, request.params.id);
    },
  );

  app.put(
    '/events/:id/meia-entrada',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['catalogue'],
        summary:
          "Sets the event's meia-entrada policy: share (at least 40%), extra meias, state categories (producer).",
        security: [{ bearer: [] }],
        params: EventIdParamsSchema,
        body: MeiaPolicyBodySchema,
        response: {
          200: MeiaEntradaSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => setMeiaPolicy(app.database.db, request.params.id, request.customer, request.body),
  );
};

export default events;
