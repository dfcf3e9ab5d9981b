import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  createOrganisation,
  getOrganisation,
  listMyOrganisations,
  updateOrganisation,
} from '../../organisations/organisations.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  OrganisationBody,
  OrganisationListSchema,
  OrganisationParams,
  OrganisationSchema,
} from '../../schemas/organisations.ts';
import { eventRoutes } from './events.ts';
import { invitationRoutes } from './invitations.ts';
import { originRoutes } from './origins.ts';
import { errors, security, tags } from './shared.ts';
import { teamRoutes } from './team.ts';

/**
 * Producers' organisations and their teams (docs/producers.md). Every route needs a full
 * session (embed tokens are refused by the auth plugin); a non-member gets 404 for the
 * organisation, a member whose role lacks the power 403.
 */
const organisations: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

  app.post(
    '/organisations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Creates an organisation with the customer as its owner',
        body: OrganisationBody,
        response: { 200: OrganisationSchema, ...errors },
      },
    },
    async (request) => createOrganisation(db, request.customer.id, request.body, app.now()),
  );

  app.get(
    '/organisations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The customer's organisations",
        response: { 200: OrganisationListSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ organisations: await listMyOrganisations(db, request.customer.id) }),
  );

  app.get(
    '/organisations/:organisationId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'One organisation (members only)',
        params: OrganisationParams,
        response: { 200: OrganisationSchema, ...errors },
      },
    },
    async (request) => getOrganisation(db, request.params.organisationId, request.customer.id),
  );

  app.put(
    '/organisations/:organisationId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Edits the organisation's name, document and contacts (owners)",
        params: OrganisationParams,
        body: OrganisationBody,
        response: { 200: OrganisationSchema, ...errors },
      },
    },
    async (request) =>
      updateOrganisation(db, request.params.organisationId, request.customer.id, request.body),
  );

  await app.register(teamRoutes);
  await app.register(invitationRoutes);
  await app.register(originRoutes);
  await app.register(eventRoutes);
};

export default organisations;
