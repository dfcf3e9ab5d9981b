import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EMBED_ORIGIN_MESSAGE, EMBED_SITE_MESSAGE } from '@plateia/core/messages/sessions';
import { exactOrigin } from '@plateia/core/rules/origin';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { findCustomerById } from '../../accounts/customers.ts';
import { openEmbedToken } from '../../accounts/sessions.ts';
import { newToken } from '../../accounts/tokens.ts';
import { beginGoogleSignIn, completeGoogleSignIn } from '../../identity/google-sign-in.ts';
import { LOGIN_STATE_TTL_MS } from '../../identity/login-state.ts';
import { loggableError } from '../../logging.ts';
import { HttpError } from '../../plugins/errors.ts';
import { GoogleCallbackQuery, GoogleStartQuery } from '../../schemas/accounts.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { EmbedTokenBody, EmbedTokenSchema, SessionWhoSchema } from '../../schemas/embed.ts';

/** Shown when Google sign-in is not configured or the provider cannot be reached. */
export const GOOGLE_UNAVAILABLE = 'Login com Google indisponível no momento. Tente novamente mais tarde.';
/** Shown when the sign-in was cancelled, expired or could not be checked. */
export const GOOGLE_FAILED = 'Não foi possível concluir o login com o Google. Tente novamente.';

/** The cookie binding a Google sign-in to the browser that started it (docs/security.md). */
export const LOGIN_BINDING_COOKIE = 'plateia_google_login';
const BINDING_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** The request's binding cookie, when it has one of the expected shape. */
function bindingOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOGIN_BINDING_COOKIE && value && BINDING_VALUE.test(value)) return value;
  }
  return undefined;
}

/**
 * Google sign-in (OpenID Connect authorization code with PKCE and nonce):
 * `GET /auth/google` sends the browser to the provider, `GET /auth/google/callback` signs
 * the customer in and returns to `${SITE_URL}/auth/callback#token=…&returnTo=…&login=…`, or
 * `#error=…&message=…&login=…` on failure. The token travels in the fragment so it never
 * reaches a server log. The start sets an HttpOnly cookie whose digest the pending sign-in
 * keeps, and the callback is refused without it: a callback URL carried to another browser
 * signs no one in. `login` (the storefront tab's nonce) is echoed back so the storefront uses
 * only tokens from sign-ins it started.
 */
const auth: FastifyPluginAsyncTypebox = async (app) => {
  const apiBase = app.config.publicApiUrl.replace(/\/+$/, '');
  const redirectUri = `${apiBase}/auth/google/callback`;
  const back = (fragment: Record<string, string>) => {
    const url = new URL('/auth/callback', app.config.siteUrl);
    url.hash = new URLSearchParams(fragment).toString();
    return url.toString();
  };
  const unavailable = back({ error: 'google_unavailable', message: GOOGLE_UNAVAILABLE });
  // The sign-in's redirects pass through the storefront's login popup on producer pages: a
  // `same-origin` opener policy here (helmet's default) would cut the popup from the page
  // that opened it, and the popup could not answer (docs/security.md).
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/auth/google'))
      reply.header('cross-origin-opener-policy', 'unsafe-none');
  });
  // Scoped to the sign-in routes, sent on the provider's top-level redirect back (Lax).
  const cookiePath = `${new URL(apiBase).pathname.replace(/\/+$/, '')}/auth/google`;
  const secure = apiBase.startsWith('https:') ? '; Secure' : '';
  const bindingCookie = (value: string) =>
    `${LOGIN_BINDING_COOKIE}=${value}; Path=${cookiePath}; Max-Age=${LOGIN_STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`;
  // A refusal the customer can act on keeps its message; anything else is logged and generic.
  const failed = (error: unknown, log: FastifyBaseLogger) => {
    if (error instanceof HttpError) return back({ error: error.code ?? 'error', message: error.message });
    log.warn({ err: loggableError(error) }, 'Google sign-in failed');
    return back({ error: 'google_failed', message: GOOGLE_FAILED });
  };

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Starts Google sign-in; returnTo is a storefront path to come back to',
        querystring: GoogleStartQuery,
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      if (!app.identity) return reply.redirect(unavailable);
      // One binding per browser, reused, so two tabs signing in at once both finish.
      const browser = bindingOf(request) ?? newToken();
      const { returnTo, login } = request.query;
      const signIn = { redirectUri, returnTo, login, browser, siteUrl: app.config.siteUrl, now: app.now() };
      try {
        const url = await beginGoogleSignIn(app.database.db, app.identity, signIn);
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', bindingCookie(browser))
          .redirect(url.toString());
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'identity provider unavailable');
        return reply.redirect(unavailable);
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['accounts'],
        summary: "The provider's return; signs in and redirects to the storefront",
        querystring: GoogleCallbackQuery,
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const { state, error } = request.query;
      const browser = bindingOf(request);
      const callback = { state, error, requestUrl: request.url, redirectUri, browser, now: app.now() };
      try {
        const mail = { mailer: app.mailer, siteUrl: app.config.siteUrl, log: request.log };
        const deps = { dataDir: app.config.dataDir, mail };
        const result = await completeGoogleSignIn(app.database.db, app.identity, callback, deps);
        if (result.status === 'refused')
          return reply.redirect(back({ error: result.reason, message: GOOGLE_FAILED, login: result.login }));
        const { token, returnTo, login } = result;
        return reply.header('cache-control', 'no-store').redirect(back({ token, returnTo, login }));
      } catch (failure) {
        return reply.redirect(failed(failure, request.log));
      }
    },
  );

  const siteOrigin = new URL(app.config.siteUrl).origin;

  app.post(
    '/auth/embed-token',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Grants a producer's page a short-lived token scoped to buying (storefront only)",
        security: [{ bearer: [] }],
        body: EmbedTokenBody,
        response: { 200: EmbedTokenSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      // Only the storefront's login popup grants access, from a full session (never an embed one).
      if (request.headers.origin !== siteOrigin || request.sessionScope !== 'session' || !request.sessionId)
        throw new HttpError(403, EMBED_ORIGIN_MESSAGE, 'embed_origin');
      const origin = exactOrigin(request.body.origin);
      const registered = origin !== null && (await app.embeddingOrigins.allows(origin));
      if (!origin || origin === siteOrigin || !registered)
        throw new HttpError(400, EMBED_SITE_MESSAGE, 'embed_site');
      const db = app.database.db;
      const row = await findCustomerById(db, request.customer.id);
      const grant = { customerId: request.customer.id, parentSessionId: request.sessionId, origin };
      const { token, expiresAt } = await openEmbedToken(db, grant, app.now());
      reply.header('cache-control', 'no-store');
      return { token, expiresAt, user: { id: request.customer.id, firstName: row?.namef ?? '' } };
    },
  );

  app.get(
    '/auth/session',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['accounts'],
        summary: "Who the token is for, with nothing personal: id, first name and the token's scope",
        security: [{ bearer: [] }],
        response: { 200: SessionWhoSchema, 401: ErrorSchema },
      },
    },
    async (request) => {
      const row = await findCustomerById(app.database.db, request.customer.id);
      const scope: 'embed' | 'session' = request.sessionScope === 'embed' ? 'embed' : 'session';
      return { data: { id: request.customer.id, firstName: row?.namef ?? '', scope } };
    },
  );
};

export default auth;
