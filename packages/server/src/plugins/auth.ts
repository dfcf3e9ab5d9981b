import { API_ERROR_MESSAGES, FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '@plateia/core/messages/errors';
import { EMBED_FORBIDDEN_MESSAGE } from '@plateia/core/messages/sessions';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, type SessionScope } from '../accounts/sessions.ts';
import { HttpError } from './errors.ts';

/** The customer a request acts for, taken from its bearer token. */
export interface AuthenticatedCustomer {
  id: number;
  email: string;
  /** '1' for producers, '0' otherwise (docs/accounts.md). */
  isadmin: string;
}

/** A preHandler that authenticates the request or answers 401. */
export type AuthenticateHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid session token and sets `request.customer`, else 401. */
    authenticate: AuthenticateHook;
    /** preHandler for document uploads: also accepts the upload grant returned by sign-up. */
    authenticateUpload: AuthenticateHook;
  }
  interface FastifyRequest {
    /**
     * Set by `app.authenticate`. Only read it in routes that run that preHandler; elsewhere
     * it is null (use `readCustomer` for routes where logging in is optional).
     */
    customer: AuthenticatedCustomer;
    /** The id of the session the request's token belongs to (null without one). */
    sessionId: number | null;
    /** A replacement token when this request rotated the session's token. */
    rotatedToken: string | null;
    /** The scope of the request's token ('embed' on a producer's page), null without one. */
    sessionScope: SessionScope | null;
  }
}

/** The answer header carrying a session's new token after rotation. */
export const ROTATED_TOKEN_HEADER = 'X-Session-Token';

// Tokens are 43 base64url characters; anything else is rejected without a database lookup.
const BEARER = /^Bearer +([A-Za-z0-9_-]{20,128})$/i;

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}

function unauthorized(): HttpError {
  return new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
}

/**
 * The only routes (method and route pattern) an embed token may call: what the widgets on a
 * producer's page need to buy (seat hold and checkout, cart reservation, payment and its
 * status — each route checks the order is the caller's), the minimal "who am I" and sign-out.
 * Profile, documents, tickets and their keys, wallet, friends, sessions, everything else
 * answers 403 (docs/security.md).
 */
export const EMBED_ROUTES: ReadonlySet<string> = new Set([
  'GET /auth/session',
  'POST /logout',
  'POST /seat/hold',
  'POST /seat/release',
  'POST /seat/checkout',
  'POST /cart/reserve',
  'POST /payments/pix',
  'POST /payments/card',
  'GET /payments/:orderId/status',
  // "Dividir com amigos" of the checkout: a payment of one's own reserved order.
  'POST /shared-payments/create',
]);

/** Whether an embed token may call the request's route. */
export function embedAllows(request: FastifyRequest): boolean {
  return EMBED_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

async function lookup(
  app: FastifyInstance,
  request: FastifyRequest,
  scopes: readonly SessionScope[],
  strict: boolean,
): Promise<AuthenticatedCustomer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const userAgent = request.headers['user-agent'];
  const found = await findSession(app.database.db, token, app.now(), { userAgent });
  if (!found) return null;
  if (found.scope === 'embed') {
    // Valid only from the page it was granted to (browsers set Origin; scripts cannot forge it).
    if (request.headers.origin !== found.origin) return null;
    if (!embedAllows(request)) {
      if (strict) throw new HttpError(403, EMBED_FORBIDDEN_MESSAGE, 'embed_forbidden');
      return null;
    }
  } else if (!scopes.includes(found.scope)) return null;
  request.sessionScope = found.scope;
  request.sessionId = found.sessionId;
  if (found.rotatedToken) request.rotatedToken = found.rotatedToken;
  return { id: found.id, email: found.email, isadmin: found.isadmin };
}

/**
 * The customer behind the request's token when there is a valid one, or null. For routes
 * that work for visitors too but do more for a logged-in customer.
 */
export async function readCustomer(request: FastifyRequest): Promise<AuthenticatedCustomer | null> {
  const customer = await lookup(request.server, request, ['session'], false);
  if (customer) request.customer = customer;
  return customer;
}

/**
 * A rate-limit key: the request's session when its token is a valid one, else its address.
 * An invented or expired token counts as its address, so making up bearer strings opens no
 * fresh bucket. The customer found is left on the request (`request.customer`), so neither
 * `authenticate` nor the handler looks the session up again.
 */
export async function sessionOrAddressKey(request: FastifyRequest): Promise<string> {
  const customer = await readCustomer(request);
  return customer && request.sessionId ? `session:${request.sessionId}` : `address:${request.ip}`;
}

/**
 * Throws 403 when `id` (from a path, query or body) names a customer other than the one
 * authenticated, and 400 when it is not a customer id at all. Call after `app.authenticate`.
 */
export function assertSelf(request: FastifyRequest, id: number | string | null | undefined): void {
  const numeric = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(numeric) || numeric <= 0) {
    throw new HttpError(400, API_ERROR_MESSAGES.invalidCustomerId, 'validation');
  }
  if (!request.customer) throw unauthorized();
  if (numeric !== request.customer.id) throw new HttpError(403, FORBIDDEN_MESSAGE, 'forbidden');
}

/**
 * Registers `app.authenticate` and `app.authenticateUpload`. Wrapped with fastify-plugin so
 * every route plugin sees the decorations.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('customer', null as unknown as AuthenticatedCustomer);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('rotatedToken', null);
    app.decorateRequest('sessionScope', null);
    // A rotated token travels back in a header the storefront's client stores (docs/security.md).
    app.addHook('onSend', async (request, reply) => {
      if (!request.rotatedToken) return;
      reply.header(ROTATED_TOKEN_HEADER, request.rotatedToken);
      reply.header('access-control-expose-headers', ROTATED_TOKEN_HEADER);
      reply.header('cache-control', 'no-store');
    });
    const hook =
      (scopes: readonly SessionScope[]): AuthenticateHook =>
      async (request) => {
        // Already found by the route's rate-limit key (a `session` token, valid here too).
        if (request.customer) return;
        const customer = await lookup(app, request, scopes, true);
        if (!customer) throw unauthorized();
        request.customer = customer;
      };
    app.decorate('authenticate', hook(['session']));
    app.decorate('authenticateUpload', hook(['session', 'upload']));
  },
  { name: 'plateia-auth' },
);
