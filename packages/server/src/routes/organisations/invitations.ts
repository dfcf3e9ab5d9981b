import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../../organisations/invitations.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import {
  InvitationAcceptedSchema,
  InvitationAnswer,
  InvitationBody,
  InvitationListSchema,
  InvitationParams,
  InvitationPreviewSchema,
  InvitationTokenBody,
  OrganisationParams,
} from '../../schemas/organisations.ts';
import { errors, security, tags } from './shared.ts';

/** Invitations to an organisation's team: sent by e-mail, listed, revoked, previewed and accepted (docs/producers.md). */
export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

  app.post(
    '/organisations/:organisationId/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Invites an e-mail address to the team',
        params: OrganisationParams,
        body: InvitationBody,
        response: { 200: InvitationAnswer, ...errors, 429: ErrorSchema },
      },
    },
    async (request) => {
      const deps = {
        mailer: app.mailer,
        siteUrl: app.config.siteUrl,
        counters: app.rateLimits,
        now: app.now(),
        log: request.log,
      };
      const invitation = await inviteMember(
        db,
        deps,
        request.params.organisationId,
        request.customer.id,
        request.body,
      );
      return { success: true, message: ORGANISATION_MESSAGES.invited, invitation };
    },
  );

  app.get(
    '/organisations/:organisationId/invitations',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Open invitations',
        params: OrganisationParams,
        response: { 200: InvitationListSchema, ...errors },
      },
    },
    async (request) => ({
      invitations: await listInvitations(db, request.params.organisationId, request.customer.id, app.now()),
    }),
  );

  app.delete(
    '/organisations/:organisationId/invitations/:invitationId',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Withdraws an invitation',
        params: InvitationParams,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      const { organisationId, invitationId } = request.params;
      await revokeInvitation(db, organisationId, request.customer.id, invitationId, app.now());
      return { success: true };
    },
  );

  app.post(
    '/organisation-invitations/preview',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'What an invitation link offers',
        body: InvitationTokenBody,
        response: { 200: InvitationPreviewSchema, ...errors },
      },
    },
    async (request) => previewInvitation(db, request.body.token, app.now()),
  );

  app.post(
    '/organisation-invitations/accept',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Accepts an invitation sent to the customer's verified e-mail",
        body: InvitationTokenBody,
        response: { 200: InvitationAcceptedSchema, ...errors },
      },
    },
    async (request) => {
      const accepted = await acceptInvitation(db, request.body.token, request.customer.id, app.now());
      return { success: true, message: ORGANISATION_MESSAGES.accepted, ...accepted };
    },
  );
};
