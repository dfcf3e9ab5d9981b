import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FORBIDDEN_MESSAGE } from '@plateia/core/messages/errors';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { reserveCart } from '../../orders/reserve.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import { CouponGuessLimits } from '../../rate-limits/coupons.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { ReserveAnswerSchema, ReserveBodySchema } from '../../schemas/orders.ts';
import { requireQueuePass } from '../../virtual-queue/gate.ts';

/**
 * Throws 403 unless `user` (the buyer's id or e-mail; the stored user record carries both)
 * is the authenticated customer.
 */
function assertBuyer(request: FastifyRequest, user: number | string): void {
  if (typeof user === 'string' && user.includes('@')) {
    if (user.trim().toLowerCase() !== request.customer.email.toLowerCase()) {
      throw new HttpError(403, FORBIDDEN_MESSAGE, 'forbidden');
    }
    return;
  }
  assertSelf(request, user);
}

/** `POST /cart/reserve`: starts checkout by reserving the cart for 15 minutes (docs/buying.md). */
const cart: FastifyPluginAsyncTypebox = async (app) => {
  const couponGuesses = new CouponGuessLimits(app.rateLimits);
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
          429: ErrorSchema,
          // Stock answers carry the per-ticket verdicts; an event no longer on sale is a plain error.
          409: Type.Union([ReserveAnswerSchema, ErrorSchema]),
        },
      },
    },
    async (request, reply) => {
      const { user, event_id, sessionId, tickets, products, cupom } = request.body;
      assertBuyer(request, user);
      // High-demand events sell only to buyers the virtual queue admitted (docs/virtual-queue.md).
      await requireQueuePass(app.database.db, {
        eventId: event_id,
        customerId: request.customer.id,
        pass: request.headers['x-queue-pass'],
        now: app.now(),
      });
      const input = { customerId: request.customer.id, eventId: event_id, sessionId, tickets, products };
      const coupon = cupom?.trim() || undefined;
      if (coupon) await couponGuesses.beforeTry(request.customer.id, request.ip);
      const result = await reserveCart(app.database.db, { ...input, coupon }).catch(
        async (error: unknown) => {
          if (coupon && error instanceof HttpError && error.code === 'coupon_invalid') {
            await couponGuesses.wrongCode(request.customer.id, request.ip);
          }
          throw error;
        },
      );
      const { tickets: ticketAllowances, products: productAllowances } = result;
      if (result.ok)
        return { success: true, tickets: ticketAllowances, products: productAllowances, order: result.order };
      return reply.status(409).send({
        success: false,
        error: 'unavailable',
        message: result.message,
        tickets: ticketAllowances,
        products: productAllowances,
        order: null,
      });
    },
  );
};

export default cart;
