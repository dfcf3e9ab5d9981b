import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EVENT_NOT_FOUND } from '@plateia/core/messages/catalogue';
import { getEventDetail, listEvents } from '../../catalogue/events.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  EventDetailSchema,
  EventIdOrSlugParamsSchema,
  EventListQuerySchema,
  EventListSchema,
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
};

export default events;
