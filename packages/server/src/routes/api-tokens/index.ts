import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_TOKEN_MESSAGES } from '../../api-tokens/messages.ts';
import { organisationCaller } from '../../api-tokens/organisation-caller.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../api-tokens/tokens.ts';
import {
  ApiTokenBody,
  ApiTokenListSchema,
  ApiTokenParams,
  CreatedApiTokenSchema,
  RevokedApiTokenSchema,
} from '../../schemas/api-tokens.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { OrganisationParams } from '../../schemas/organisations.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };
const tags = ['api-tokens'];
const security = [{ bearer: [] }];
// Tokens are the organisation's keys: only an owner makes and revokes them, and never a token.
const needs = { power: 'organisation.edit', scope: null } as const;

/** The organisation's API tokens (docs/integrations.md, "API tokens"): owners only, by session. */
const apiTokens: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;

  app.get(
    '/organisations/:organisationId/api-tokens',
    {
      schema: {
        tags,
        security,
        summary: "The organisation's API tokens, without their secrets (owners)",
        params: OrganisationParams,
        response: { 200: ApiTokenListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      return { tokens: await listApiTokens(db, caller.organisationId) };
    },
  );

  app.post(
    '/organisations/:organisationId/api-tokens',
    {
      schema: {
        tags,
        security,
        summary: 'Creates an API token; the answer is the only time the token is shown (owners)',
        params: OrganisationParams,
        body: ApiTokenBody,
        response: { 200: CreatedApiTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      reply.header('cache-control', 'no-store');
      const created = await createApiToken(
        db,
        caller.organisationId,
        caller.customerId!,
        request.body,
        app.now(),
      );
      return { ...created, message: API_TOKEN_MESSAGES.created };
    },
  );

  app.delete(
    '/organisations/:organisationId/api-tokens/:tokenId',
    {
      schema: {
        tags,
        security,
        summary: 'Revokes an API token at once (owners)',
        params: ApiTokenParams,
        response: { 200: RevokedApiTokenSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = await organisationCaller(request, reply, request.params.organisationId, needs);
      await revokeApiToken(db, caller.organisationId, request.params.tokenId, app.now());
      return { success: true, message: API_TOKEN_MESSAGES.revoked };
    },
  );
};

export default apiTokens;
