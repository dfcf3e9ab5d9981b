import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { APP_VERSION } from '../../app-version.ts';
import { selectOne } from '../../db/sql.ts';
import { lastIntegrityCheck } from '../../integrity/check.ts';

/**
 * The integrity job's last result (docs/integrity.md): `ok`, `failing` with the number of
 * violations, or `unchecked` before its first run; when it ran.
 */
const Integrity = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('failing'), Type.Literal('unchecked')]),
  violations: Type.Integer(),
  checkedAt: Type.Union([Type.String(), Type.Null()]),
});

/**
 * `GET /health`: the host answers and its database responds (503 when it does not), with the
 * integrity job's last result. A failing integrity check is an alarm, not an outage: it does
 * not turn the answer into 503 (load balancers would take every process out at once).
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: Type.Object({
            status: Type.Literal('ok'),
            database: Type.String(),
            version: Type.String(),
            integrity: Integrity,
          }),
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
        const integrity = await lastIntegrityCheck(app.database.db);
        return { status: 'ok' as const, database: app.database.kind, version: APP_VERSION, integrity };
      } catch {
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, database: app.database.kind, version: APP_VERSION });
      }
    },
  );
};

export default health;
