import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import { PRODUCER_EVENT_MESSAGES } from '@plateia/core/messages/producer-events';
import { exactOrigin } from '@plateia/core/rules/origin';
import { createDraftEvent, listOrganisationEvents, publishEvent } from '../../catalogue/drafts.ts';
import { addLot, duplicateEvent, editEvent, managedEvent } from '../../catalogue/editing.ts';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from '../../organisations/invitations.ts';
import { changeRole, listMembers, removeMember } from '../../organisations/members.ts';
import {
  createOrganisation,
  getOrganisation,
  listMyOrganisations,
  updateOrganisation,
} from '../../organisations/organisations.ts';
import { listOrigins, setOrigins } from '../../organisations/origins.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import {
  DraftEventAnswer,
  DraftEventBody,
  DraftLotBody,
  EventEditAnswer,
  EventEditBody,
  EventParams,
  InvitationAcceptedSchema,
  InvitationAnswer,
  InvitationBody,
  InvitationListSchema,
  InvitationParams,
  InvitationPreviewSchema,
  InvitationTokenBody,
  LotAddedAnswer,
  ManagedEventSchema,
  MemberListSchema,
  MemberParams,
  MemberRoleBody,
  OrganisationBody,
  OrganisationEventListSchema,
  OrganisationListSchema,
  OrganisationParams,
  OrganisationSchema,
  OriginCheckQuery,
  OriginCheckSchema,
  OriginsBody,
  OriginsSchema,
  PublishedAnswer,
} from '../../schemas/organisations.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['organisations'];
const security = [{ bearer: [] }];

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

  app.post(
    '/organisations/:organisationId/events',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Creates a draft event with its lots (owners and managers)',
        params: OrganisationParams,
        body: DraftEventBody,
        response: { 200: DraftEventAnswer, ...errors },
      },
    },
    async (request) => {
      const { organisationId } = request.params;
      const created = await createDraftEvent(
        db,
        organisationId,
        request.customer.id,
        request.body,
        app.now(),
      );
      return { success: true, message: PRODUCER_EVENT_MESSAGES.created, ...created };
    },
  );

  app.get(
    '/organisations/:organisationId/events',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The organisation's events, drafts included (members)",
        params: OrganisationParams,
        response: { 200: OrganisationEventListSchema, ...errors },
      },
    },
    async (request) => ({
      events: await listOrganisationEvents(db, request.params.organisationId, request.customer.id, app.now()),
    }),
  );

  app.post(
    '/events/:eventId/publish',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Publishes a draft event (owners and managers of its organisation)',
        params: EventParams,
        response: { 200: PublishedAnswer, ...errors },
      },
    },
    async (request) => {
      await publishEvent(db, request.params.eventId, request.customer.id, app.now());
      return { success: true, message: PRODUCER_EVENT_MESSAGES.published };
    },
  );

  app.get(
    '/events/:eventId/manage',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'An event with everything its owners and managers edit',
        params: EventParams,
        response: { 200: ManagedEventSchema, ...errors },
      },
    },
    async (request) => managedEvent(db, request.params.eventId, request.customer.id, app.now()),
  );

  app.put(
    '/events/:eventId/manage',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Edits an event's details, refund policy and high-demand switch; a new date or venue marks a published event changed",
        params: EventParams,
        body: EventEditBody,
        response: { 200: EventEditAnswer, ...errors },
      },
    },
    async (request) => {
      const { event, changed } = await editEvent(
        db,
        request.params.eventId,
        request.customer.id,
        request.body,
        app.now(),
      );
      const message = changed ? PRODUCER_EVENT_MESSAGES.savedChanged : PRODUCER_EVENT_MESSAGES.saved;
      return { success: true, message, changed, event };
    },
  );

  app.post(
    '/events/:eventId/lots',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Adds a lot after the event's others (a new price is a new lot)",
        params: EventParams,
        body: DraftLotBody,
        response: { 200: LotAddedAnswer, ...errors },
      },
    },
    async (request) => {
      const lot = await addLot(db, request.params.eventId, request.customer.id, request.body, app.now());
      return { success: true, message: PRODUCER_EVENT_MESSAGES.lotAdded, lot };
    },
  );

  app.post(
    '/events/:eventId/duplicate',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Copies an event as a new draft in its organisation',
        params: EventParams,
        response: { 200: DraftEventAnswer, ...errors },
      },
    },
    async (request) => {
      const copy = await duplicateEvent(db, request.params.eventId, request.customer.id, app.now());
      return { success: true, message: PRODUCER_EVENT_MESSAGES.duplicated, ...copy };
    },
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

export default organisations;
