import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { APP_VERSION } from '../../app-version.ts';
import { selectOne } from '../../db/sql.ts';

/** `GET /health`: the host answers and its database responds. */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String(), version: Type.String() }),
          503: Type.Object({
            status: Type.Literal('unavailable'),
            database: Type.String(),
            version: Type.String(),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await selectOne(app.database.db, sql`SELECT 1`);
        return { status: 'ok' as const, database: app.database.kind, version: APP_VERSION };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, database: app.database.kind, version: APP_VERSION });
      }
    },
  );
};

export default health;
