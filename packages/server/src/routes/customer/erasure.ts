import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ERASURE_MESSAGES } from '@plateia/core/messages/profile';
import { eraseAccount, erasureBlockers, sendErasureCode } from '../../accounts/erasure.ts';
import { sessionOrAddressKey } from '../../plugins/auth.ts';
import { ErasureAnswer, ErasureBody, ErasurePreviewSchema } from '../../schemas/account-erasure.ts';
import { ErrorSchema } from '../../schemas/common.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };

/**
 * "Excluir minha conta" (docs/accounts.md, "Erasure"): what keeps the account now, the
 * confirmation code by e-mail, and the erasure itself.
 */
const erasure: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['customer'], security: [{ bearer: [] }] };
  const mail = (log: Parameters<typeof sendErasureCode>[1]['log']) => ({
    mailer: app.mailer,
    siteUrl: app.config.siteUrl,
    log,
    now: app.now(),
  });

  app.get(
    '/customer/erasure',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'What keeps the account from being erased now (money, tickets or transfers in flight)',
        response: { 200: ErasurePreviewSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => ({ blockers: await erasureBlockers(app.database.db, request.customer.id, app.now()) }),
  );

  app.post(
    '/customer/erasure/code',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: sessionOrAddressKey } },
      schema: {
        ...secured,
        summary: 'E-mails the 6-digit code that confirms the erasure (15 minutes)',
        response: { 200: ErasureAnswer, ...errors },
      },
    },
    async (request) => {
      await sendErasureCode(app.database.db, mail(request.log), request.customer.id);
      return { success: true, message: ERASURE_MESSAGES.codeSent };
    },
  );

  app.post(
    '/customer/erasure',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: sessionOrAddressKey } },
      schema: {
        ...secured,
        summary: 'Erases the account: personal data deleted, every session ended, records anonymised',
        body: ErasureBody,
        response: { 200: ErasureAnswer, ...errors },
      },
    },
    async (request) => {
      const deps = { ...mail(request.log), dataDir: app.config.dataDir };
      await eraseAccount(app.database.db, deps, request.customer.id, request.body.code);
      return { success: true, message: ERASURE_MESSAGES.erased };
    },
  );
};

export default erasure;
