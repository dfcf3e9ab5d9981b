import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { exactOrigin } from '@plateia/core/rules/origin';
import { listOrigins, setOrigins } from '../../organisations/origins.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  OrganisationParams,
  OriginCheckQuery,
  OriginCheckSchema,
  OriginsBody,
  OriginsSchema,
} from '../../schemas/organisations.ts';
import { errors, security, tags } from './shared.ts';

/** The sites an organisation embeds on, and the check the storefront's card frame asks before letting a page frame it (docs/producers.md). */
export const originRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

  app.get(
    '/organisations/:organisationId/origins',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The sites the organisation embeds the elements on',
        params: OrganisationParams,
        response: { 200: OriginsSchema, ...errors },
      },
    },
    async (request) => ({
      origins: await listOrigins(db, request.params.organisationId, request.customer.id),
    }),
  );

  app.put(
    '/organisations/:organisationId/origins',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Replaces the organisation's sites (owners); CORS and embed tokens follow at once",
        params: OrganisationParams,
        body: OriginsBody,
        response: { 200: OriginsSchema, ...errors },
      },
    },
    async (request) => ({
      origins: await setOrigins(
        db,
        request.params.organisationId,
        request.customer.id,
        request.body.origins,
        app.now(),
      ),
    }),
  );

  app.get(
    '/embedding-origins/check',
    {
      schema: {
        tags,
        summary:
          "Whether a site may embed the elements (CORS_ORIGINS or an organisation's list): the storefront's card frame asks before letting it frame the card fields",
        querystring: OriginCheckQuery,
        response: { 200: OriginCheckSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const origin = exactOrigin(request.query.origin);
      return { allowed: origin !== null && (await app.embeddingOrigins.allows(origin)) };
    },
  );
};
