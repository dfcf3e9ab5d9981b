import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as client from 'openid-client';
import { Type } from 'typebox';
import { openSession } from '../../accounts/sessions.ts';
import { customerForIdentity } from '../../identity/link-account.ts';
import { safeReturnTo, savePendingLogin, takePendingLogin } from '../../identity/login-state.ts';
import { loggableError } from '../../logging.ts';
import { HttpError } from '../../plugins/errors.ts';

/** Shown when Google sign-in is not configured or the provider cannot be reached. */
export const GOOGLE_UNAVAILABLE = 'Login com Google indisponível no momento. Tente novamente mais tarde.';
/** Shown when the sign-in was cancelled, expired or could not be checked. */
export const GOOGLE_FAILED = 'Não foi possível concluir o login com o Google. Tente novamente.';

/**
 * Google sign-in (OpenID Connect authorization code with PKCE and nonce):
 * `GET /auth/google` sends the browser to the provider, `GET /auth/google/callback` signs
 * the customer in and returns to `${SITE_URL}/auth/callback#token=…&returnTo=…`, or
 * `#error=…&message=…` on failure. The token travels in the fragment so it never reaches a
 * server log.
 */
const auth: FastifyPluginAsyncTypebox = async (app) => {
  const apiBase = app.config.publicApiUrl.replace(/\/+$/, '');
  const redirectUri = `${apiBase}/auth/google/callback`;
  const back = (fragment: Record<string, string>) => {
    const url = new URL('/auth/callback', app.config.siteUrl);
    url.hash = new URLSearchParams(fragment).toString();
    return url.toString();
  };

  app.get(
    '/auth/google',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Starts Google sign-in; returnTo is a storefront path to come back to',
        querystring: Type.Object({ returnTo: Type.Optional(Type.String({ maxLength: 500 })) }),
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const identity = app.identity;
      if (!identity)
        return reply.redirect(back({ error: 'google_unavailable', message: GOOGLE_UNAVAILABLE }));
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      try {
        const url = await identity.authorizationUrl({ state, nonce, codeVerifier, redirectUri });
        await savePendingLogin(
          app.database.db,
          state,
          { codeVerifier, nonce, returnTo: safeReturnTo(request.query.returnTo) },
          app.now(),
        );
        return reply.header('cache-control', 'no-store').redirect(url.toString());
      } catch (error) {
        request.log.error({ err: loggableError(error) }, 'identity provider unavailable');
        return reply.redirect(back({ error: 'google_unavailable', message: GOOGLE_UNAVAILABLE }));
      }
    },
  );

  app.get(
    '/auth/google/callback',
    {
      schema: {
        tags: ['accounts'],
        summary: "The provider's return; signs in and redirects to the storefront",
        querystring: Type.Object(
          {
            // No length limits here: a browser arriving with junk is sent back with a notice.
            state: Type.Optional(Type.String()),
            code: Type.Optional(Type.String()),
            error: Type.Optional(Type.String()),
          },
          { additionalProperties: true },
        ),
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const identity = app.identity;
      const { state } = request.query;
      const now = app.now();
      const pending = state ? await takePendingLogin(app.database.db, state, now) : null;
      if (!identity || !state || !pending || request.query.error) {
        return reply.redirect(
          back({ error: request.query.error ?? 'invalid_state', message: GOOGLE_FAILED }),
        );
      }
      try {
        const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const external = await identity.finish(new URL(`${redirectUri}${search}`), {
          state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
          redirectUri,
        });
        const customer = await customerForIdentity(app.database.db, external, now);
        if (customer.status !== 1) throw new HttpError(403, GOOGLE_FAILED, 'inactive');
        const token = await openSession(app.database.db, customer.id, now);
        return reply
          .header('cache-control', 'no-store')
          .redirect(back({ token, returnTo: pending.returnTo }));
      } catch (error) {
        if (error instanceof HttpError) {
          return reply.redirect(back({ error: error.code ?? 'error', message: error.message }));
        }
        request.log.warn({ err: loggableError(error) }, 'Google sign-in failed');
        return reply.redirect(back({ error: 'google_failed', message: GOOGLE_FAILED }));
      }
    },
  );
};

export default auth;
