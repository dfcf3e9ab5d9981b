import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, IdSchema } from '../../schemas/common.ts';
import { IssuedTicketSchema, RecipientSchema } from '../../schemas/seats.ts';
import { assertProducer, courtesyTickets } from '../../seats/courtesy.ts';

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
        body: Type.Object({
          eventId: IdSchema,
          ticketTypeId: IdSchema,
          recipientInfo: RecipientSchema,
          quantity: Type.Integer({ minimum: 1, maximum: 50, default: 1 }),
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), tickets: Type.Array(IssuedTicketSchema) }),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { eventId, ticketTypeId, recipientInfo, quantity } = request.body;
      await assertProducer(app.database.db, eventId, request.customer.id);
      const tickets = await courtesyTickets(app.database.db, {
        eventId,
        ticketTypeId,
        quantity,
        email: recipientInfo.email.trim(),
      });
      return { success: true as const, tickets };
    },
  );
};

export default courtesy;
