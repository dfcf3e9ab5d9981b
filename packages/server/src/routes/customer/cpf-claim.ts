import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CPF_CLAIM_MESSAGES } from '@plateia/core/messages/profile';
import { cpfStanding } from '../../accounts/cpf.ts';
import { openCpfClaim } from '../../accounts/cpf-claim.ts';
import { sessionOrAddressKey } from '../../plugins/auth.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { CpfClaimAnswer, CpfClaimBody, CpfStandingSchema } from '../../schemas/cpf-claims.ts';

/** Attachments arrive as base64: the 5 MB document plus the JSON around it. */
const CLAIM_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * "Este CPF é meu" (docs/accounts.md, "One CPF, one account"): a customer whose CPF another
 * account holds opens a claim with a document; `GET` shows the standing of one's CPF.
 */
const cpfClaim: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['customer'], security: [{ bearer: [] }] };

  app.get(
    '/customer/cpf-claim',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "One's latest CPF claim, and whether one's own CPF is claimed by someone else",
        response: { 200: CpfStandingSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request) => cpfStanding(app.database.db, request.customer.id),
  );

  app.post(
    '/customer/cpf-claim',
    {
      preHandler: app.authenticate,
      bodyLimit: CLAIM_BODY_LIMIT,
      // One open claim at a time is the real bound; this keeps refused attempts few too.
      config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: sessionOrAddressKey } },
      schema: {
        ...secured,
        summary: 'Claims a CPF another account holds, with an identity document for the team',
        body: CpfClaimBody,
        response: {
          200: CpfClaimAnswer,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => {
      const deps = {
        mailer: app.mailer,
        siteUrl: app.config.siteUrl,
        log: request.log,
        dataDir: app.config.dataDir,
        now: app.now(),
      };
      const claim = await openCpfClaim(app.database.db, deps, request.customer.id, request.body);
      return { success: true, message: CPF_CLAIM_MESSAGES.opened, claim };
    },
  );
};

export default cpfClaim;
