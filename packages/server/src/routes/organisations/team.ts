import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { changeRole, listMembers, removeMember } from '../../organisations/members.ts';
import { SuccessSchema } from '../../schemas/common.ts';
import {
  MemberListSchema,
  MemberParams,
  MemberRoleBody,
  OrganisationParams,
} from '../../schemas/organisations.ts';
import { errors, security, tags } from './shared.ts';

/** An organisation's team: its members and their roles (docs/producers.md). */
export const teamRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

  app.get(
    '/organisations/:organisationId/members',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The team (owners and managers)',
        params: OrganisationParams,
        response: { 200: MemberListSchema, ...errors },
      },
    },
    async (request) => ({
      members: await listMembers(db, request.params.organisationId, request.customer.id),
    }),
  );

  app.put(
    '/organisations/:organisationId/members/:customerId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Changes a member's role",
        params: MemberParams,
        body: MemberRoleBody,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      const { organisationId, customerId } = request.params;
      await changeRole(db, organisationId, request.customer.id, customerId, request.body.role);
      return { success: true };
    },
  );

  app.delete(
    '/organisations/:organisationId/members/:customerId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Removes a member, or leaves',
        params: MemberParams,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      const { organisationId, customerId } = request.params;
      await removeMember(db, organisationId, request.customer.id, customerId);
      return { success: true };
    },
  );
};
