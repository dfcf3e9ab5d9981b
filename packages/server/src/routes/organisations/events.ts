import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PRODUCER_EVENT_MESSAGES } from '@plateia/core/messages/producer-events';
import { createDraftEvent, listOrganisationEvents, publishEvent } from '../../catalogue/drafts.ts';
import { addLot, duplicateEvent, editEvent, managedEvent } from '../../catalogue/editing.ts';
import {
  DraftEventAnswer,
  DraftEventBody,
  DraftLotBody,
  EventEditAnswer,
  EventEditBody,
  EventParams,
  LotAddedAnswer,
  ManagedEventSchema,
  OrganisationEventListSchema,
  OrganisationParams,
  PublishedAnswer,
} from '../../schemas/organisations.ts';
import { errors, security, tags } from './shared.ts';

/** An organisation's events: drafts, publishing, editing, new lots and copies (docs/producers.md). */
export const eventRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

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
};
