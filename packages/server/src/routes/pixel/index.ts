import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordPixelHit } from '../../pixel/hits.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import { PixelHitBodySchema } from '../../schemas/pixel.ts';

/** `POST /pixel/add`: records a tracking pixel hit (tipo 3 = checkout start). */
const pixel: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/pixel/add',
    {
      schema: {
        tags: ['pixel'],
        summary: "Records a hit of an event's tracking pixel.",
        body: PixelHitBodySchema,
        response: { 200: SuccessSchema, 400: ErrorSchema },
      },
      // Anyone may call it, so keep one address from flooding the table.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      await recordPixelHit(app.database.db, request.body);
      return { success: true };
    },
  );
};

export default pixel;
