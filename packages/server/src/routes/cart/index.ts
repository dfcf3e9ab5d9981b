import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { reserveCart } from '../../orders/reserve.ts';
import { assertSelf, FORBIDDEN_MESSAGE } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { ReserveAnswerSchema, ReserveBodySchema } from '../../schemas/orders.ts';

/** `POST /cart/reserve`: starts checkout by reserving the cart for 15 minutes (spec §7). */
const cart: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/cart/reserve',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['cart'],
        summary: 'Reserves tickets, seats, products and a coupon atomically; answers per ticket tk_allow.',
        security: [{ bearer: [] }],
        body: ReserveBodySchema,
        response: {
          200: ReserveAnswerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          // Stock answers carry the per-ticket verdicts; an event no longer on sale is a plain error.
          409: Type.Union([ReserveAnswerSchema, ErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // `user` is the buyer's id or e-mail (the stored user record carries both).
      if (typeof body.user === 'string' && body.user.includes('@')) {
        if (body.user.trim().toLowerCase() !== request.customer.email.toLowerCase()) {
          throw new HttpError(403, FORBIDDEN_MESSAGE, 'forbidden');
        }
      } else {
        assertSelf(request, body.user);
      }
      const result = await reserveCart(app.database.db, {
        customerId: request.customer.id,
        eventId: body.event_id,
        sessionId: body.sessionId,
        tickets: body.tickets,
        products: body.products,
        coupon: body.cupom ?? undefined,
      });
      if (!result.ok) {
        return reply.status(409).send({
          success: false,
          error: 'unavailable',
          message: result.message,
          tickets: result.tickets,
          products: result.products,
          order: null,
        });
      }
      return { success: true, tickets: result.tickets, products: result.products, order: result.order };
    },
  );
};

export default cart;
