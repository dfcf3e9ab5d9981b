import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  INVALID_LOGIN_MESSAGE,
  INVALID_RECOVERY_MESSAGE,
  MAIL_FAILED_MESSAGE,
  recoverySentMessage,
  UNVERIFIED_MESSAGE,
} from '@plateia/core/messages/accounts';
import { LOGIN_ORIGIN_MESSAGE } from '@plateia/core/messages/sessions';
import { Type } from 'typebox';
import { toUserRecord } from '../../accounts/customers.ts';
import { logIn, loginSalts } from '../../accounts/login.ts';
import { requireEmail } from '../../accounts/profile.ts';
import { resetPassword, sendRecoveryLink } from '../../accounts/recovery.ts';
import { revokeSession } from '../../accounts/sessions.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { LoginLimits } from '../../rate-limits/login.ts';
import {
  ClientUuid,
  EmailString,
  LinkToken,
  LoginAnswer,
  LoginParams,
  Md5Hex,
  RecoveryRequestAnswer,
  SaltAnswer,
  UserSchema,
} from '../../schemas/accounts.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';

/**
 * Password login and recovery: `POST /getsalt`, `/login`, `/logout`, `/pwrecovery`,
 * `/recovery` (docs/accounts.md).
 */
const accounts: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = app.config.authRateLimit;
  const saltFor = loginSalts(app.database.db);
  const loginLimits = new LoginLimits(app.rateLimits);
  // A browser sends its page's origin with the login. The password and a full session belong
  // on the storefront (or the API host's own pages): a producer's page gets a scoped embed
  // token through the storefront's popup instead (docs/security.md). Clients that are not
  // browsers send no Origin and are not concerned.
  const loginOrigins = new Set([new URL(app.config.siteUrl).origin, new URL(app.config.publicApiUrl).origin]);

  app.post(
    '/getsalt/:email/:uuid',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: "The customer's password salt (a stable fake one for unknown e-mails)",
        params: Type.Object({ email: EmailString, uuid: ClientUuid }),
        response: { 200: SaltAnswer, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      await loginLimits.beforeSalt(request.params.email);
      return { msg: await saltFor(request.params.email) };
    },
  );

  app.post(
    '/login/:email/:hash/:uuid/:salt',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Logs in with md5(salt + password); answers the user record and a session token',
        params: LoginParams,
        response: {
          200: LoginAnswer,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !loginOrigins.has(origin))
        throw new HttpError(403, LOGIN_ORIGIN_MESSAGE, 'login_origin');
      await loginLimits.beforeLogin(request.params.email);
      const outcome = await logIn(app.database.db, request.params, app.now());
      await loginLimits.afterLogin(request.params.email, outcome.status !== 'invalid_credentials');
      if (outcome.status === 'invalid_credentials') {
        throw new HttpError(401, INVALID_LOGIN_MESSAGE, 'invalid_credentials');
      }
      if (outcome.status === 'unverified') throw new HttpError(409, UNVERIFIED_MESSAGE, 'unverified');
      return { data: outcome.user, token: outcome.token };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Revokes the session token sent as Authorization: Bearer',
        security: [{ bearer: [] }],
        response: { 200: SuccessSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      // Signing out with an already expired token still succeeds: the outcome is the same.
      if (token) await revokeSession(app.database.db, token, app.now());
      return { success: true };
    },
  );

  app.post(
    '/pwrecovery/:email',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sends a password recovery link when the account exists (always answers 200)',
        params: Type.Object({ email: EmailString }),
        response: { 200: RecoveryRequestAnswer, 400: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request) => {
      const email = requireEmail(request.params.email);
      const mail = { mailer: app.mailer, siteUrl: app.config.siteUrl, log: request.log };
      const outcome = await sendRecoveryLink(app.database.db, email, { ...mail, now: app.now() });
      if (outcome === 'mail_failed') throw new HttpError(502, MAIL_FAILED_MESSAGE, 'mail_failed');
      return { success: true, message: recoverySentMessage(email) };
    },
  );

  app.post(
    '/recovery/:token/:value',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Sets a new password (value = md5(salt + newPassword)) with a recovery link token',
        params: Type.Object({ token: LinkToken, value: Md5Hex }),
        response: { 200: Type.Array(UserSchema), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { token, value } = request.params;
      const row = await resetPassword(app.database.db, token, value, app.now());
      if (!row) throw new HttpError(400, INVALID_RECOVERY_MESSAGE, 'invalid_token');
      return [toUserRecord(row)];
    },
  );
};

export default accounts;
