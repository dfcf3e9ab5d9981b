import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { ErrorSchema } from '../../schemas/common.ts';

/** `POST /pixel/add`: records a tracking pixel hit (tipo 3 = checkout start). */
const pixel: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/pixel/add',
    {
      schema: {
        tags: ['pixel'],
        summary: "Records a hit of an event's tracking pixel.",
        body: Type.Object({
          hash: Type.String({ maxLength: 200 }),
          ismobile: Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]),
          evtid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          tipo: Type.Integer({ minimum: 1, maximum: 99 }),
        }),
        response: { 200: Type.Object({ success: Type.Boolean() }), 400: ErrorSchema },
      },
      // Anyone may call it, so keep one address from flooding the table.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { hash, ismobile, evtid, tipo } = request.body;
      // An unknown event is recorded without one rather than failing the page's beacon.
      await app.database.db.execute(sql`
        INSERT INTO pixel_events (hash, ismobile, event_id, tipo)
        VALUES (${hash}, ${ismobile === true || ismobile === 1}, (SELECT id FROM events WHERE id = ${evtid}), ${tipo})`);
      return { success: true };
    },
  );
};

export default pixel;
