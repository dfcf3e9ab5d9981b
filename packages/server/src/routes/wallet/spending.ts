import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import type { PaymentDeps } from '../../payments/deps.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { PAYMENT_ERRORS } from '../../schemas/payments.ts';
import {
  OrderParamsSchema,
  PayCodeSchema,
  PosSpendHeadersSchema,
  PosSpendParamsSchema,
  PosSpendRequestSchema,
  PosSpendSchema,
  WalletBalanceSchema,
  WalletCheckoutRequestSchema,
  WalletOrderPartSchema,
} from '../../schemas/wallet.ts';
import { eventOfOrder, requireQueuePass } from '../../virtual-queue/gate.ts';
import { applyWalletToOrder, removeWalletFromOrder, walletPartOf } from '../../wallet/checkout.ts';
import { createPayCode, posSpend } from '../../wallet/pos.ts';
import { paymentDeps } from '../payment-deps.ts';

const errors = PAYMENT_ERRORS;

/**
 * Paying with the wallet (docs/wallet.md): an order's wallet part and its release, the pay code
 * shown at the bar, and the producer's point-of-sale spend.
 */
export const walletSpendingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const deps: PaymentDeps = paymentDeps(app);
  const secured = { tags: ['wallet'], security: [{ bearer: [] }] };

  app.post(
    '/wallet/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          'Uses the wallet for a reserved order (all it can when no amount is given); covering the whole total pays the order now.',
        body: WalletCheckoutRequestSchema,
        response: { 200: WalletOrderPartSchema, ...errors },
      },
    },
    async (request) => {
      // High-demand events: the wallet needs the buyer's live admission pass, as PIX and card
      // do (docs/virtual-queue.md), with the same 403 answers.
      const eventId = await eventOfOrder(db, request.body.orderId, request.customer.id);
      if (eventId !== null) {
        await requireQueuePass(db, {
          eventId,
          customerId: request.customer.id,
          pass: request.headers['x-queue-pass'],
          now: app.now(),
        });
      }
      return applyWalletToOrder(
        db,
        deps,
        request.customer.id,
        request.body.orderId,
        request.body.amountCents,
      );
    },
  );

  app.get(
    '/wallet/checkout/:orderId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The order's wallet part (404 without one).",
        params: OrderParamsSchema,
        response: { 200: WalletOrderPartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const part = await walletPartOf(db, request.customer.id, request.params.orderId);
      if (!part)
        return reply.code(404).send({ error: 'not_found', message: WALLET_ANSWER_MESSAGES.noWalletPart });
      return part;
    },
  );

  app.post(
    '/wallet/checkout/:orderId/release',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          'Takes the wallet part off an unpaid order with no payment under way; it goes back to the wallet.',
        params: OrderParamsSchema,
        response: { 200: WalletBalanceSchema, ...errors },
      },
    },
    async (request) => removeWalletFromOrder(db, app.now(), request.customer.id, request.params.orderId),
  );

  app.post(
    '/wallet/pay-code',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "A 10-minute code (and its QR) the customer shows at the event's point of sale.",
        response: { 200: PayCodeSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createPayCode(db, request.customer.id, app.now());
    },
  );

  app.post(
    '/wallet/pos/:eventId/spend',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          "The event's producer charges a customer's wallet at the point of sale (pay code from /cashless); idempotent by the Idempotency-Key header.",
        params: PosSpendParamsSchema,
        headers: PosSpendHeadersSchema,
        body: PosSpendRequestSchema,
        response: { 200: PosSpendSchema, ...errors },
      },
    },
    async (request) =>
      posSpend(db, app.now(), request.customer, request.params.eventId, {
        code: request.body.code,
        amountCents: request.body.amountCents,
        description: request.body.description,
        idempotencyKey: request.headers['idempotency-key'],
      }),
  );
};
