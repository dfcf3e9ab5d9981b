import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { findCustomerByEmail, findCustomerById, toUserRecord } from '../../accounts/customers.ts';
import { isUniqueViolation } from '../../accounts/database-errors.ts';
import { consumeEmailToken, issueEmailToken } from '../../accounts/email-tokens.ts';
import { hashDigest, newSalt, passwordDigest } from '../../accounts/passwords.ts';
import { normalizeProfile, requireEmail } from '../../accounts/profile.ts';
import { openSession } from '../../accounts/sessions.ts';
import { customers } from '../../db/schema/accounts.ts';
import { loggableError } from '../../logging.ts';
import { verificationEmail } from '../../mail/templates.ts';
import { assertSelf, UNAUTHORIZED_MESSAGE } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { LinkToken, ProfileEditBody, SignUpAnswer, SignUpBody, UserSchema } from '../../schemas/accounts.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import documents from './documents.ts';

/** Spec §8: sign-up with an e-mail that already has an account (HTTP 408). */
export const USER_EXISTS_MESSAGE = 'Usuário já existe';
/** A verification link that is unknown, used or expired. */
export const INVALID_VERIFY_MESSAGE = 'Link de confirmação inválido ou expirado.';

const unauthorizedResponses = { 401: ErrorSchema, 403: ErrorSchema };

/**
 * The customer's own account: sign-up, e-mail confirmation, profile read and edit, and the
 * identity documents (spec §3, §7).
 */
const customer: FastifyPluginAsyncTypebox = async (app) => {
  const rateLimit = app.config.authRateLimit;

  app.post(
    '/customer/add',
    {
      config: { rateLimit },
      schema: {
        tags: ['customer'],
        summary: 'Creates an account and e-mails a confirmation link',
        body: SignUpBody,
        response: { 200: SignUpAnswer, 400: ErrorSchema, 408: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const now = app.now();
      const email = requireEmail(body.user);
      if (!body.namef.trim()) throw new HttpError(400, 'Campo obrigatório ausente: nome.', 'validation');
      const profile = normalizeProfile(body, now);
      if (await findCustomerByEmail(app.database.db, email)) {
        throw new HttpError(408, USER_EXISTS_MESSAGE, 'user_exists');
      }
      const salt = newSalt();
      const passwordHash = await hashDigest(passwordDigest(salt, body.pw));
      let id: number;
      try {
        const [row] = await app.database.db
          .insert(customers)
          .values({
            ...profile,
            email,
            salt,
            passwordHash,
            namef: body.namef.trim(),
            namel: (body.namel ?? '').trim(),
            passport: (body.passport ?? '').trim(),
            country: body.country?.trim() || 'Brasil',
            // The spec's fixed sign-up values: a client cannot pick another status.
            status: 1,
            uidcad: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: customers.id });
        if (!row) throw new Error('customer insert returned nothing');
        id = row.id;
      } catch (error) {
        // Two sign-ups racing with the same e-mail: the loser gets the same answer.
        if (isUniqueViolation(error)) throw new HttpError(408, USER_EXISTS_MESSAGE, 'user_exists');
        throw error;
      }
      const token = await issueEmailToken(app.database.db, id, 'verify', now);
      const link = new URL('/verificar-email', app.config.siteUrl);
      link.searchParams.set('token', token);
      try {
        await app.mailer.send(verificationEmail({ to: email, name: body.namef, link: link.toString() }));
      } catch (error) {
        // The account exists either way; the FAQ sends people without the e-mail to support.
        request.log.error({ err: loggableError(error) }, 'verification e-mail not sent');
      }
      const uploadToken = await openSession(app.database.db, id, now, { scope: 'upload' });
      return { success: true, id, uploadToken };
    },
  );

  app.post(
    '/customer/verify/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['customer'],
        summary: 'Confirms the e-mail with the single-use link token',
        params: Type.Object({ token: LinkToken }),
        response: { 200: SuccessSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const now = app.now();
      const customerId = await consumeEmailToken(app.database.db, request.params.token, 'verify', now);
      if (customerId === null) throw new HttpError(400, INVALID_VERIFY_MESSAGE, 'invalid_token');
      await app.database.db
        .update(customers)
        .set({
          emailVerifiedAt: sql`coalesce(${customers.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        })
        .where(eq(customers.id, customerId));
      return { success: true };
    },
  );

  app.get(
    '/customer/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customer'],
        summary: "The logged-in customer's user record",
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ data: UserSchema }), 401: ErrorSchema },
      },
    },
    async (request) => {
      const row = await findCustomerById(app.database.db, request.customer.id);
      if (!row) throw new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
      return { data: toUserRecord(row) };
    },
  );

  app.post(
    '/customer/edit',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['customer'],
        summary: "Edits the logged-in customer's profile (spec §3 profile payload)",
        security: [{ bearer: [] }],
        body: ProfileEditBody,
        response: {
          200: Type.Object({ success: Type.Boolean(), data: UserSchema }),
          400: ErrorSchema,
          ...unauthorizedResponses,
        },
      },
    },
    async (request) => {
      const body = request.body;
      assertSelf(request, body.id);
      const now = app.now();
      if (
        body.user !== undefined &&
        body.user.trim().toLowerCase() !== request.customer.email.toLowerCase()
      ) {
        // Changing the login e-mail would need a new confirmation; the profile form does not do it.
        throw new HttpError(400, 'O e-mail da conta não pode ser alterado.', 'validation');
      }
      if (body.namef !== undefined && !body.namef.trim()) {
        throw new HttpError(400, 'Campo obrigatório ausente: nome.', 'validation');
      }
      const avatar = body.avatar?.trim();
      if (avatar && !/^https:\/\/[^\s"'<>]+$/.test(avatar)) {
        throw new HttpError(400, 'Endereço da foto de perfil inválido.', 'validation');
      }
      const [row] = await app.database.db
        .update(customers)
        .set({
          ...normalizeProfile(body, now),
          ...(body.namef !== undefined ? { namef: body.namef.trim() } : {}),
          ...(body.namel !== undefined ? { namel: body.namel.trim() } : {}),
          ...(body.passport !== undefined ? { passport: body.passport.trim() } : {}),
          ...(body.country !== undefined ? { country: body.country.trim() || 'Brasil' } : {}),
          ...(avatar !== undefined ? { avatar } : {}),
          updatedAt: now,
        })
        .where(eq(customers.id, request.customer.id))
        .returning();
      if (!row) throw new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
      return { success: true, data: toUserRecord(row) };
    },
  );

  await app.register(documents);
};

export default customer;
