import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../schemas/common.ts';
import { TicketListSchema } from '../../schemas/tickets.ts';
import { customerTickets } from '../../tickets/customer-tickets.ts';

/** `GET /tickets`: the logged-in customer's tickets ("Meus Ingressos"). */
const tickets: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tickets',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['tickets'],
        summary: "The customer's tickets, including those bought for their e-mail by someone else.",
        security: [{ bearer: [] }],
        response: { 200: TicketListSchema, 401: ErrorSchema },
      },
    },
    async (request) => customerTickets(app.database.db, request.customer),
  );
};

export default tickets;
