import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { getEventDetail, listEvents } from '../../catalogue/events.ts';
import { HttpError } from '../../plugins/errors.ts';
import { EventDetailSchema, EventSummarySchema } from '../../schemas/catalogue.ts';
import { ErrorSchema } from '../../schemas/common.ts';

/** The pt-BR answer for an unknown or unpublished event. */
export const EVENT_NOT_FOUND = 'Evento não encontrado.';

/** `GET /events` and `GET /events/{id}`: the public catalogue. */
const events: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/events',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Lists published events (search by q, exact slug, paging).',
        querystring: Type.Object({
          q: Type.Optional(Type.String({ maxLength: 100 })),
          slug: Type.Optional(Type.String({ maxLength: 200 })),
          period: Type.Optional(
            Type.Union([Type.Literal('upcoming'), Type.Literal('past'), Type.Literal('all')]),
          ),
          page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: {
          200: Type.Object({
            data: Type.Array(EventSummarySchema),
            page: Type.Integer(),
            limit: Type.Integer(),
            total: Type.Integer(),
          }),
          400: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const result = await listEvents(app.database.db, request.query);
      return { ...result, page, limit };
    },
  );

  app.get(
    '/events/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One event by id or slug: lots, products, resale offers, fee and seat map flag.',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: EventDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const detail = await getEventDetail(app.database.db, request.params.id);
      if (!detail) throw new HttpError(404, EVENT_NOT_FOUND, 'not_found');
      return detail;
    },
  );
};

export default events;
