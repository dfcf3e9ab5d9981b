import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { cardCheckoutConfig, payByCard } from '../../payments/card.ts';
import type { PaymentDeps } from '../../payments/deps.ts';
import { createPixCharge } from '../../payments/pix.ts';
import { paymentStatus } from '../../payments/status.ts';
import { receivePixWebhook } from '../../payments/webhook.ts';
import { CardAttemptLimits } from '../../rate-limits/card-attempts.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  CardConfigQuerySchema,
  CardConfigSchema,
  CardPaymentRequestSchema,
  CardPaymentSchema,
  OrderIdSchema,
  PAYMENT_ERRORS,
  PaymentStatusSchema,
  PixChargeRequestSchema,
  PixChargeSchema,
  PixWebhookAnswerSchema,
  PixWebhookBodySchema,
  PixWebhookParamsSchema,
} from '../../schemas/payments.ts';
import { eventOfOrder, requireQueuePass } from '../../virtual-queue/gate.ts';
import { paymentDeps } from '../payment-deps.ts';

const errors = PAYMENT_ERRORS;

/**
 * Payments: PIX charges, card payments, the order's payment status for polling, the card
 * configuration (tokeniser and installments) and the PSP's webhook. See docs/payments.md.
 */
const payments: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const deps: PaymentDeps = paymentDeps(app);
  const cardAttempts = new CardAttemptLimits(app.rateLimits);
  // High-demand events: paying needs the buyer's live admission pass too (docs/virtual-queue.md).
  const queuePass = async (request: FastifyRequest, orderId: number) => {
    const eventId = await eventOfOrder(db, orderId, request.customer.id);
    if (eventId === null) return;
    const pass = request.headers['x-queue-pass'];
    await requireQueuePass(db, { eventId, customerId: request.customer.id, pass, now: app.now() });
  };

  app.post(
    '/payments/pix',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Opens the PIX charge of a reserved order (or returns the open one).',
        security: [{ bearer: [] }],
        body: PixChargeRequestSchema,
        response: { 200: PixChargeSchema, ...errors },
      },
    },
    async (request) => {
      await queuePass(request, request.body.orderId);
      return createPixCharge(db, deps, request.customer.id, request.body.orderId);
    },
  );

  app.post(
    '/payments/card',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary:
          'Pays a reserved order with a card token from the gateway script (429 while declines back off).',
        security: [{ bearer: [] }],
        body: CardPaymentRequestSchema,
        response: { 200: CardPaymentSchema, ...errors, 429: ErrorSchema },
      },
    },
    async (request) => {
      await queuePass(request, request.body.orderId);
      return payByCard(db, deps, request.customer.id, request.body, cardAttempts.guard(request.ip));
    },
  );

  app.get(
    '/payments/card/config',
    {
      schema: {
        tags: ['payments'],
        summary: "The gateway's tokeniser script and the installment options for an amount (cents).",
        querystring: CardConfigQuerySchema,
        response: { 200: CardConfigSchema, 400: ErrorSchema },
      },
    },
    async (request) => cardCheckoutConfig(app.payments, request.query.amount ?? null),
  );

  app.get(
    '/payments/:orderId/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The order's payment status (checked with the PSP / gateway), for polling.",
        security: [{ bearer: [] }],
        params: Type.Object({ orderId: OrderIdSchema }),
        response: { 200: PaymentStatusSchema, ...errors },
      },
    },
    async (request) => paymentStatus(db, deps, request.customer.id, request.params.orderId),
  );

  // The PSP posts to `{webhookUrl}/pix`; we register webhookUrl = …/payments/webhooks/pix/{secret}.
  app.post(
    '/payments/webhooks/pix/:secret/pix',
    {
      schema: {
        tags: ['payments'],
        summary: 'PSP webhook (API Pix). Only a hint: every entry is confirmed with GET /cob/{txid}.',
        params: PixWebhookParamsSchema,
        body: PixWebhookBodySchema,
        response: { 200: PixWebhookAnswerSchema, 401: ErrorSchema, 503: ErrorSchema },
      },
    },
    async (request) => {
      const results = await receivePixWebhook(db, deps, request.params.secret, request.body.pix);
      return { received: results.length, results };
    },
  );
};

export default payments;
