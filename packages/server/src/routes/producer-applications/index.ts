import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PRODUCER_APPLICATION_MESSAGES,
  type ProducerAudienceSize,
} from '@plateia/core/messages/producer-application';
import { findCustomerById } from '../../accounts/customers.ts';
import type { Queryable } from '../../db/sql.ts';
import { readCustomer } from '../../plugins/auth.ts';
import { submitProducerApplication } from '../../producer-applications/applications.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { ProducerApplicationAnswer, ProducerApplicationBody } from '../../schemas/producer-applications.ts';

/**
 * "Seja produtor": `POST /producer-applications` stores the application, e-mails it to the
 * producer team and confirms to the applicant's own verified account address. Open to
 * visitors, rate limited per IP like the authentication routes and per e-mail address.
 */
const producerApplications: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/producer-applications',
    {
      config: { rateLimit: app.config.authRateLimit },
      schema: {
        tags: ['producer-applications'],
        summary: 'Sends a "Seja produtor" application',
        body: ProducerApplicationBody,
        response: { 200: ProducerApplicationAnswer, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const customer = await readCustomer(request);
      const input = { ...request.body, audience: request.body.audience as ProducerAudienceSize };
      const deps = {
        mailer: app.mailer,
        teamEmail: app.config.producerTeamEmail,
        now: app.now(),
        customerId: customer?.id ?? null,
        verifiedEmail: await verifiedEmailOf(app.database.db, customer?.id),
        counters: app.rateLimits,
        log: request.log,
      };
      const id = await submitProducerApplication(app.database.db, input, deps);
      return { success: true, id, message: PRODUCER_APPLICATION_MESSAGES.sent };
    },
  );
};

/** The account's e-mail when it has been verified, else null. */
async function verifiedEmailOf(db: Queryable, customerId: number | undefined): Promise<string | null> {
  if (customerId === undefined) return null;
  const row = await findCustomerById(db, customerId);
  return row?.emailVerifiedAt ? row.email : null;
}

export default producerApplications;
