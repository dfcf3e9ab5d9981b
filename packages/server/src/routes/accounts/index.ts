import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { findCustomerByEmail, toUserRecord } from '../../accounts/customers.ts';
import { consumeEmailToken, issueEmailToken, lastIssuedAt } from '../../accounts/email-tokens.ts';
import { fakeSalt, fakeSaltSecret, hashDigest, verifyDigest } from '../../accounts/passwords.ts';
import { requireEmail } from '../../accounts/profile.ts';
import { openSession, revokeAllSessions, revokeSession } from '../../accounts/sessions.ts';
import { customers } from '../../db/schema/accounts.ts';
import { loggableError } from '../../logging.ts';
import { recoveryEmail } from '../../mail/templates.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ClientUuid, EmailString, LinkToken, Md5Hex, UserSchema } from '../../schemas/accounts.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';

/** Spec §8: any failed login. */
export const INVALID_LOGIN_MESSAGE = 'Usuário/Senha Inválida';
/** Spec §8: login before the e-mail is confirmed (HTTP 409). */
export const UNVERIFIED_MESSAGE = 'Valide sua conta pelo link enviado em seu email, antes de fazer login.';
/** Spec §8: recovery e-mail could not be sent. */
export const MAIL_FAILED_MESSAGE = 'Erro ao enviar email, tente novamente';
/** A recovery link that is unknown, used or older than an hour. */
export const INVALID_RECOVERY_MESSAGE =
  'Link de recuperação inválido ou expirado. Peça um novo e-mail de recuperação.';

/** Spec §4/§5: a second recovery e-mail within a minute is not sent. */
const RECOVERY_RESEND_WAIT_MS = 60_000;

/**
 * Password login and recovery: `POST /getsalt`, `/login`, `/logout`, `/pwrecovery`,
 * `/recovery` (spec §7, decisions §4).
 */
const accounts: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = app.config.authRateLimit;
  let secret: Promise<string> | undefined;
  const saltSecret = () => {
    secret ??= fakeSaltSecret(app.database.db).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  app.post(
    '/getsalt/:email/:uuid',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: "The customer's password salt (a stable fake one for unknown e-mails)",
        params: Type.Object({ email: EmailString, uuid: ClientUuid }),
        response: { 200: Type.Object({ msg: Type.String() }), 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const email = requireEmail(request.params.email);
      const row = await findCustomerByEmail(app.database.db, email);
      return { msg: row ? row.salt : fakeSalt(await saltSecret(), email) };
    },
  );

  app.post(
    '/login/:email/:hash/:uuid/:salt',
    {
      config: { rateLimit },
      schema: {
        tags: ['accounts'],
        summary: 'Logs in with md5(salt + password); answers the user record and a session token',
        params: Type.Object({
          email: EmailString,
          hash: Md5Hex,
          uuid: ClientUuid,
          salt: Type.String({ minLength: 1, maxLength: 64 }),
        }),
        response: {
          200: Type.Object({ data: UserSchema, token: Type.String() }),
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { hash, uuid, salt } = request.params;
      const email = requireEmail(request.params.email);
      const row = await findCustomerByEmail(app.database.db, email);
      // Verified even when the e-mail is unknown, so timing does not reveal which accounts exist.
      const matches = await verifyDigest(row?.passwordHash, hash);
      if (!row || !matches || row.salt !== salt || row.status !== 1) {
        throw new HttpError(401, INVALID_LOGIN_MESSAGE, 'invalid_credentials');
      }
      if (!row.emailVerifiedAt) throw new HttpError(409, UNVERIFIED_MESSAGE, 'unverified');
      const token = await openSession(app.database.db, row.id, app.now(), { clientUuid: uuid });
      return { data: toUserRecord(row), token };
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
        response: {
          200: Type.Object({ success: Type.Boolean(), message: Type.String() }),
          400: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request) => {
      const email = requireEmail(request.params.email);
      const now = app.now();
      const row = await findCustomerByEmail(app.database.db, email);
      if (row) {
        const last = await lastIssuedAt(app.database.db, row.id, 'recovery');
        if (!last || now.getTime() - last.getTime() >= RECOVERY_RESEND_WAIT_MS) {
          const token = await issueEmailToken(app.database.db, row.id, 'recovery', now);
          const link = new URL('/recuperar-senha', app.config.siteUrl);
          link.searchParams.set('token', token);
          link.searchParams.set('email', row.email);
          try {
            await app.mailer.send(recoveryEmail({ to: row.email, name: row.namef, link: link.toString() }));
          } catch (error) {
            request.log.error({ err: loggableError(error) }, 'recovery e-mail not sent');
            throw new HttpError(502, MAIL_FAILED_MESSAGE, 'mail_failed');
          }
        }
      }
      return { success: true, message: `Um e-mail foi enviado para você em: ${email}` };
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
      const now = app.now();
      const customerId = await consumeEmailToken(app.database.db, request.params.token, 'recovery', now);
      if (customerId === null) throw new HttpError(400, INVALID_RECOVERY_MESSAGE, 'invalid_token');
      const passwordHash = await hashDigest(request.params.value);
      // Following the e-mailed link proves the mailbox, so the account counts as verified too.
      const [row] = await app.database.db
        .update(customers)
        .set({
          passwordHash,
          updatedAt: now,
          emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(customers.id, customerId))
        .returning();
      if (!row) throw new HttpError(400, INVALID_RECOVERY_MESSAGE, 'invalid_token');
      // Whoever knew the old password is signed out everywhere.
      await revokeAllSessions(app.database.db, customerId, now);
      return [toUserRecord(row)];
    },
  );
};

export default accounts;
