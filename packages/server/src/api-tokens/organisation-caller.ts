/**
 * Who calls an organisation route: a member through their session, or the organisation
 * itself through an API token (docs/integrations.md, "Who may call what"). A token acts only
 * for its own organisation (any other answers 404, as if it did not exist) and only within its
 * scopes (403); a revoked or unknown one answers 401. A session needs a member whose role
 * carries the route's power; a customer in no organisation gets 403.
 */
import { ORGANISATION_MESSAGES } from '@plateia/core/messages/organisations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isProducer, requirePower } from '../organisations/access.ts';
import type { OrganisationPower } from '../organisations/roles.ts';
import { bearerToken } from '../plugins/auth.ts';
import { HttpError } from '../plugins/errors.ts';
import { API_TOKEN_MESSAGES } from './messages.ts';
import type { ApiTokenScope } from './scopes.ts';
import { findApiToken, isApiToken } from './tokens.ts';

/** The organisation a request acts for, and through what. */
export interface OrganisationCaller {
  organisationId: number;
  /** The member behind a session call; null for a token. */
  customerId: number | null;
  /** The token behind a token call; null for a session. */
  tokenId: number | null;
}

/** What a route needs: the member's power, and the token scope (null: sessions only). */
export interface CallerNeeds {
  power: OrganisationPower;
  scope: ApiTokenScope | null;
}

/** The caller of `organisationId`'s route, or the 401/403/404 the request deserves. */
export async function organisationCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  organisationId: number,
  needs: CallerNeeds,
): Promise<OrganisationCaller> {
  const app = request.server;
  const db = app.database.db;
  const raw = bearerToken(request);
  if (raw && isApiToken(raw)) {
    const token = await findApiToken(db, raw, app.now());
    if (!token) throw new HttpError(401, API_TOKEN_MESSAGES.invalid, 'unauthorized');
    if (token.organisationId !== organisationId) {
      throw new HttpError(404, ORGANISATION_MESSAGES.notFound, 'not_found');
    }
    if (!needs.scope || !token.scopes.includes(needs.scope)) {
      throw new HttpError(403, API_TOKEN_MESSAGES.missingScope, 'forbidden');
    }
    return { organisationId, customerId: null, tokenId: token.id };
  }
  await app.authenticate(request, reply);
  const customerId = request.customer.id;
  if (!(await isProducer(db, customerId))) {
    throw new HttpError(403, API_TOKEN_MESSAGES.customerOnly, 'forbidden');
  }
  await requirePower(db, organisationId, customerId, needs.power);
  return { organisationId, customerId, tokenId: null };
}
