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
  TopUpParamsSchema,
  TopUpRequestSchema,
  TopUpSchema,
  WalletBalanceSchema,
  WalletCheckoutRequestSchema,
  WalletOrderPartSchema,
  WalletReturnAnswerSchema,
  WalletReturnsSchema,
  WalletStatementQuerySchema,
  WalletStatementSchema,
  WalletSummarySchema,
} from '../../schemas/wallet.ts';
import { eventOfOrder, requireQueuePass } from '../../virtual-queue/gate.ts';
import { walletStatementPage, walletSummary } from '../../wallet/balance.ts';
import { applyWalletToOrder, removeWalletFromOrder, walletPartOf } from '../../wallet/checkout.ts';
import { createPayCode, posSpend } from '../../wallet/pos.ts';
import { customerReturns, returnLeftover } from '../../wallet/returns.ts';
import { createTopUp, topUpStatus } from '../../wallet/topup.ts';
import { paymentDeps } from '../payment-deps.ts';

const errors = PAYMENT_ERRORS;

/**
 * The cashless wallet (`/cashless`, docs/wallet.md): balance, statement, PIX top-ups, paying
 * an order with the wallet, returning the leftover, and the producer's point-of-sale spend.
 * Every route takes the customer from the session.
 */
const wallet: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const deps: PaymentDeps = paymentDeps(app);
  const secured = { tags: ['wallet'], security: [{ bearer: [] }] };

  app.get(
    '/wallet',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's wallet balance, the top-up limits and what a return could send back now.",
        response: { 200: WalletSummarySchema, 401: ErrorSchema },
      },
    },
    async (request) => walletSummary(db, request.customer.id, app.now()),
  );

  app.get(
    '/wallet/statement',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The wallet statement, newest first, by period (from, to) and kind, paged by `before`.',
        querystring: WalletStatementQuerySchema,
        response: { 200: WalletStatementSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request) => walletStatementPage(db, request.customer.id, request.query),
  );

  app.post(
    '/wallet/topups',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Opens a PIX charge that tops up the wallet (R$ 5,00 to R$ 5.000,00).',
        body: TopUpRequestSchema,
        response: { 200: TopUpSchema, ...errors },
      },
    },
    async (request) => createTopUp(db, deps, request.customer.id, request.body.amountCents),
  );

  app.get(
    '/wallet/topups/:topUpId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "A top-up's status, checked with the PSP while pending (for polling).",
        params: TopUpParamsSchema,
        response: { 200: TopUpSchema, ...errors },
      },
    },
    async (request) => topUpStatus(db, deps, request.customer.id, request.params.topUpId),
  );

  app.get(
    '/wallet/returns',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's returns of leftover balance, newest first.",
        response: { 200: WalletReturnsSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({ returns: await customerReturns(db, request.customer.id) }),
  );

  app.post(
    '/wallet/returns',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          '"Devolver saldo": the balance goes back by PIX devolução to the top-ups of the last 90 days, newest first.',
        response: { 200: WalletReturnAnswerSchema, ...errors },
      },
    },
    async (request) => returnLeftover(db, deps, request.customer.id, 'customer'),
  );

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

export default wallet;
