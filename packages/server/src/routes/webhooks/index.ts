import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { organisationCaller } from '../../api-tokens/organisation-caller.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import { OrganisationParams } from '../../schemas/organisations.ts';
import {
  CreatedWebhookEndpointSchema,
  RedeliverySchema,
  WebhookDeliveriesQuery,
  WebhookDeliveryPageSchema,
  WebhookDeliveryParams,
  WebhookEndpointBody,
  WebhookEndpointChanges,
  WebhookEndpointListSchema,
  WebhookEndpointParams,
  WebhookEndpointSchema,
} from '../../schemas/webhooks.ts';
import { createEndpoint, deleteEndpoint, listEndpoints, updateEndpoint } from '../../webhooks/endpoints.ts';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/event-types.ts';
import { listDeliveries, redeliver } from '../../webhooks/log.ts';
import { WEBHOOK_MESSAGES } from '../../webhooks/messages.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['webhooks'];
const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { organisationToken: [] }];
const needs = { power: 'webhooks.manage', scope: 'webhooks:write' } as const;

/**
 * The organisation's webhook endpoints and their delivery log (docs/integrations.md,
 * "Webhooks"): owners and managers, or an API token with `webhooks:write`.
 */
const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const allowPrivate = app.config.webhooksAllowPrivateAddresses;

  app.get(
    '/organisations/:organisationId/webhooks',
    {
      schema: {
        tags,
        security,
        summary: "The organisation's webhook endpoints, without their secrets",
        params: OrganisationParams,
        response: { 200: WebhookEndpointListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      return {
        endpoints: await listEndpoints(db, caller.organisationId),
        eventTypes: [...WEBHOOK_EVENT_TYPES],
      };
    },
  );

  app.post(
    '/organisations/:organisationId/webhooks',
    {
      schema: {
        tags,
        security,
        summary: 'Adds a webhook endpoint; the answer is the only time its signing secret is shown',
        params: OrganisationParams,
        body: WebhookEndpointBody,
        response: { 200: CreatedWebhookEndpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      reply.header('cache-control', 'no-store');
      const created = await createEndpoint(db, caller.organisationId, caller.customerId, request.body, {
        allowPrivate,
        now: app.now(),
      });
      return { ...created, message: WEBHOOK_MESSAGES.created };
    },
  );

  app.put(
    '/organisations/:organisationId/webhooks/:endpointId',
    {
      schema: {
        tags,
        security,
        summary: "Changes an endpoint's address, events or whether it is enabled",
        params: WebhookEndpointParams,
        body: WebhookEndpointChanges,
        response: { 200: WebhookEndpointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      return updateEndpoint(db, caller.organisationId, request.params.endpointId, request.body, {
        allowPrivate,
      });
    },
  );

  app.delete(
    '/organisations/:organisationId/webhooks/:endpointId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes an endpoint and its delivery log',
        params: WebhookEndpointParams,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      await deleteEndpoint(db, caller.organisationId, request.params.endpointId);
      return { success: true };
    },
  );

  app.get(
    '/organisations/:organisationId/webhook-deliveries',
    {
      schema: {
        tags,
        security,
        summary: 'The delivery log: each message to each endpoint and every attempt, newest first',
        params: OrganisationParams,
        querystring: WebhookDeliveriesQuery,
        response: { 200: WebhookDeliveryPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      return listDeliveries(db, caller.organisationId, request.query);
    },
  );

  app.post(
    '/organisations/:organisationId/webhook-deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        security,
        summary: 'Sends a delivery again (same message id), as a job',
        params: WebhookDeliveryParams,
        response: { 202: RedeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      await redeliver(db, app.jobs, caller.organisationId, request.params.deliveryId);
      return reply.code(202).send({ success: true, message: WEBHOOK_MESSAGES.redeliveryQueued });
    },
  );
};

export default webhooks;
