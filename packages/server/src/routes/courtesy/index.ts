import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../schemas/common.ts';
import { CourtesyTicketsBodySchema, IssuedTicketsAnswerSchema } from '../../schemas/seat-hold.ts';
import { courtesyTickets } from '../../seat-hold/courtesy.ts';

/** `POST /ticket/courtesy`: general-admission courtesy tickets, for the event's producer only. */
const courtesy: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/ticket/courtesy',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['tickets'],
        summary: "Issues courtesy tickets from a lot's stock (the event's producer only).",
        security: [{ bearer: [] }],
        body: CourtesyTicketsBodySchema,
        response: {
          200: IssuedTicketsAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { recipientInfo, ...lot } = request.body;
      const tickets = await courtesyTickets(app.database.db, request.customer.id, {
        ...lot,
        email: recipientInfo.email,
      });
      return { success: true as const, tickets };
    },
  );
};

export default courtesy;
