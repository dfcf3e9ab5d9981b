import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEAT_CALL_MESSAGES } from '@plateia/core/messages/seat-hold';
import { Type } from 'typebox';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema, IdSchema } from '../../schemas/common.ts';
import {
  SEAT_STATUS_SUMMARY,
  SeatMapSchema,
  SeatSectionSchema,
  SeatStatusAnswerSchema,
  SeatStatusQuerySchema,
  SectionPricingSchema,
} from '../../schemas/seat-map.ts';
import { CachedLayouts } from '../../seat-map/cache.ts';
import { parseIdList } from '../../seat-map/id-list.ts';
import { sectionPricing } from '../../seat-map/pricing.ts';
import { MAX_STATUS_SEAT_IDS, seatStatuses } from '../../seat-map/statuses.ts';
import { sendCachedLayout } from './cached-reply.ts';

/** The seat map (docs/buying.md): layouts, section pricing and seat statuses, under `/seat`. */
const seatMap: FastifyPluginAsyncTypebox = async (app) => {
  const layouts = new CachedLayouts(app.database.db);

  app.get(
    '/seat/maps/:eventId',
    {
      schema: {
        tags: ['seats'],
        summary: 'Seat map layout (sections; rows inlined for maps up to 20,000 seats). ETag-cacheable.',
        params: Type.Object({ eventId: IdSchema }),
        response: { 200: SeatMapSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const entry = await layouts.map(request.params.eventId);
      if (!entry) throw new HttpError(404, SEAT_CALL_MESSAGES.noMap, 'not_found');
      return sendCachedLayout(request, reply, entry);
    },
  );

  app.get(
    '/seat/maps/:eventId/submap/:id',
    {
      schema: {
        tags: ['seats'],
        summary: 'One section with its rows (columnar ids, x, y, numbers) and tables. ETag-cacheable.',
        params: Type.Object({ eventId: IdSchema, id: IdSchema }),
        response: { 200: SeatSectionSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const entry = await layouts.submap(request.params.eventId, request.params.id);
      if (!entry) throw new HttpError(404, SEAT_CALL_MESSAGES.sectionNotFound, 'not_found');
      return sendCachedLayout(request, reply, entry);
    },
  );

  app.get(
    '/seat/sections/:id/pricing',
    {
      schema: {
        tags: ['seats'],
        summary: 'The lots (prices in cents) that sell the seats of a section.',
        params: Type.Object({ id: IdSchema }),
        response: { 200: SectionPricingSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const pricing = await sectionPricing(app.database.db, request.params.id);
      if (!pricing) throw new HttpError(404, SEAT_CALL_MESSAGES.sectionNotFound, 'not_found');
      reply.header('cache-control', 'public, max-age=30');
      return pricing;
    },
  );

  app.get(
    '/seat/status',
    {
      schema: {
        tags: ['seats'],
        summary: SEAT_STATUS_SUMMARY,
        querystring: SeatStatusQuerySchema,
        response: { 200: SeatStatusAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { eventId, seatIds, sessionId } = request.query;
      const ids = parseIdList(seatIds);
      if (ids === null || ids.length > MAX_STATUS_SEAT_IDS) {
        throw new HttpError(400, SEAT_CALL_MESSAGES.invalidData, 'validation');
      }
      reply.header('cache-control', 'no-store');
      // Seat ids asked for but none given (`seatIds=` or `seatIds=,`): nothing was asked, so
      // nothing is answered. Only a query without `seatIds` reads the event's sparse view.
      if (seatIds !== undefined && ids.length === 0) return { data: {} };
      return {
        data: await seatStatuses(app.database.db, { eventId, seatIds: ids, sessionId: sessionId ?? '' }),
      };
    },
  );
};

export default seatMap;
