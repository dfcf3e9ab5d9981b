import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { INVALID_VERIFY_MESSAGE, USER_EXISTS_MESSAGE } from '@plateia/core/messages/accounts';
import { UNAUTHORIZED_MESSAGE } from '@plateia/core/messages/errors';
import { Type } from 'typebox';
import { findCustomerById, toUserRecord } from '../../accounts/customers.ts';
import { exportCustomerData } from '../../accounts/data-export.ts';
import { confirmEmail } from '../../accounts/email-confirmation.ts';
import { editProfile } from '../../accounts/profile-edit.ts';
import { signUp } from '../../accounts/sign-up.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { LinkToken, ProfileEditBody, SignUpAnswer, SignUpBody, UserSchema } from '../../schemas/accounts.ts';
import { ErrorSchema, SuccessSchema } from '../../schemas/common.ts';
import cpfClaim from './cpf-claim.ts';
import documents from './documents.ts';
import erasure from './erasure.ts';

const unauthorizedResponses = { 401: ErrorSchema, 403: ErrorSchema };

/**
 * The customer's own account: sign-up, e-mail confirmation, profile read and edit, and the
 * identity documents (docs/accounts.md).
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
        response: {
          200: SignUpAnswer,
          400: ErrorSchema,
          408: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const mail = { mailer: app.mailer, siteUrl: app.config.siteUrl, log: request.log };
      const created = await signUp(app.database.db, request.body, { ...mail, now: app.now() });
      if (!created) throw new HttpError(408, USER_EXISTS_MESSAGE, 'user_exists');
      return { success: true, ...created };
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
      const confirmed = await confirmEmail(app.database.db, request.params.token, app.now());
      if (!confirmed) throw new HttpError(400, INVALID_VERIFY_MESSAGE, 'invalid_token');
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
        summary: "Edits the logged-in customer's profile (docs/accounts.md)",
        security: [{ bearer: [] }],
        body: ProfileEditBody,
        response: {
          200: Type.Object({ success: Type.Boolean(), data: UserSchema }),
          400: ErrorSchema,
          409: ErrorSchema,
          ...unauthorizedResponses,
        },
      },
    },
    async (request) => {
      assertSelf(request, request.body.id);
      const row = await editProfile(app.database.db, request.customer, request.body, app.now());
      if (!row) throw new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
      return { success: true, data: toUserRecord(row) };
    },
  );

  app.get(
    '/customer/export',
    {
      preHandler: app.authenticate,
      // Reads every table that holds the customer: a few a minute is what a person needs.
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['customer'],
        summary: '"Baixar meus dados": everything Plateia holds about the customer, as one JSON file',
        security: [{ bearer: [] }],
        response: {
          200: Type.Record(Type.String(), Type.Unknown()),
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const data = await exportCustomerData(app.database.db, request.customer.id, now);
      if (!data) throw new HttpError(401, UNAUTHORIZED_MESSAGE, 'unauthorized');
      const day = now.toISOString().slice(0, 10);
      reply
        .header('Content-Disposition', `attachment; filename="plateia-meus-dados-${day}.json"`)
        .header('Cache-Control', 'no-store');
      return data;
    },
  );

  await app.register(documents);
  await app.register(cpfClaim);
  await app.register(erasure);
};

export default customer;
