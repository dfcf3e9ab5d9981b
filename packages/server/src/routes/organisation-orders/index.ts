import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { organisationCaller } from '../../api-tokens/organisation-caller.ts';
import { listOrganisationOrders } from '../../orders/organisation-orders.ts';
import { OrganisationOrderPageSchema, OrganisationOrdersQuery } from '../../schemas/api-tokens.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { OrganisationParams } from '../../schemas/organisations.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * The organisation's orders (docs/integrations.md, "Reading orders"): members whose role reads
 * reports, or an API token with `orders:read`.
 */
const organisationOrders: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/organisations/:organisationId/orders',
    {
      schema: {
        tags: ['organisations'],
        security: [{ bearer: [] as string[] }, { organisationToken: [] as string[] }],
        summary: "The organisation's orders, newest first, the buyer's CPF masked",
        params: OrganisationParams,
        querystring: OrganisationOrdersQuery,
        response: { 200: OrganisationOrderPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, {
        power: 'reports.view',
        scope: 'orders:read',
      });
      return listOrganisationOrders(app.database.db, caller.organisationId, request.query);
    },
  );
};

export default organisationOrders;
