import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { installmentOptions, MAX_INSTALLMENTS, MIN_INSTALLMENT_CENTS } from '../../payments/installments.ts';
import { PixProviderError } from '../../payments/pix/provider.ts';
import { SANDBOX_TEST_CARDS } from '../../payments/sandbox/card-gateway.ts';
import { createPixCharge, handlePixWebhook, payByCard, paymentStatus } from '../../payments/service.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  CardConfigSchema,
  CardPaymentRequestSchema,
  CardPaymentSchema,
  OrderIdSchema,
  PaymentStatusSchema,
  PixChargeRequestSchema,
  PixChargeSchema,
  PixWebhookBodySchema,
} from '../../schemas/payments.ts';

const errors = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  410: ErrorSchema,
  422: ErrorSchema,
  502: ErrorSchema,
};

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Payments: PIX charges, card payments, the order's payment status for polling, the card
 * configuration (tokeniser and installments) and the PSP's webhook. See docs/payments.md.
 */
const payments: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request) => createPixCharge(app, request.customer.id, request.body.orderId),
  );

  app.post(
    '/payments/card',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'Pays a reserved order with a card token from the gateway script.',
        security: [{ bearer: [] }],
        body: CardPaymentRequestSchema,
        response: { 200: CardPaymentSchema, ...errors },
      },
    },
    async (request) => payByCard(app, request.customer.id, request.body),
  );

  app.get(
    '/payments/card/config',
    {
      schema: {
        tags: ['payments'],
        summary: "The gateway's tokeniser script and the installment options for an amount (cents).",
        querystring: Type.Object({
          amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
        }),
        response: { 200: CardConfigSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const sandbox = Boolean(app.payments.simulateUrl);
      const amount = request.query.amount ?? null;
      return {
        tokenizerUrl: app.payments.card.tokenizerScriptUrl,
        tokenizerGlobal: app.payments.card.tokenizerGlobal,
        maxInstallments: MAX_INSTALLMENTS,
        minInstallmentCents: MIN_INSTALLMENT_CENTS,
        amount,
        installments: amount === null ? [] : installmentOptions(amount),
        sandbox,
        ...(sandbox
          ? {
              testCards: [
                { number: SANDBOX_TEST_CARDS.mastercard, holder: 'APRO', outcome: 'Aprovado' },
                { number: SANDBOX_TEST_CARDS.visa, holder: 'OTHE', outcome: 'Recusado' },
                { number: SANDBOX_TEST_CARDS.mastercard, holder: 'CONT', outcome: 'Pendente (em análise)' },
                { number: SANDBOX_TEST_CARDS.visa, holder: 'FUND', outcome: 'Recusado: limite insuficiente' },
              ],
            }
          : {}),
      };
    },
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
    async (request) => paymentStatus(app, request.customer.id, request.params.orderId),
  );

  // The PSP posts to `{webhookUrl}/pix`; we register webhookUrl = …/payments/webhooks/pix/{secret}.
  app.post(
    '/payments/webhooks/pix/:secret/pix',
    {
      schema: {
        tags: ['payments'],
        summary: 'PSP webhook (API Pix). Only a hint: every entry is confirmed with GET /cob/{txid}.',
        params: Type.Object({ secret: Type.String({ maxLength: 200 }) }),
        body: PixWebhookBodySchema,
        response: {
          200: Type.Object({
            received: Type.Integer(),
            results: Type.Array(
              Type.Object({ endToEndId: Type.String(), txid: Type.String(), result: Type.String() }),
            ),
          }),
          401: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!sameSecret(request.params.secret, app.payments.settings.pixWebhookSecret)) {
        throw new HttpError(401, 'Webhook não autorizado.', 'unauthorized');
      }
      try {
        const results = await handlePixWebhook(app, request.body.pix);
        return { received: results.length, results };
      } catch (error) {
        if (error instanceof PixProviderError) {
          // The PSP could not be asked: answer 503 so it delivers the notification again.
          request.log.warn({ err: error }, 'PIX webhook could not be confirmed with the PSP');
          return reply
            .status(503)
            .send({ error: 'psp_unavailable', message: 'Não foi possível confirmar o pagamento agora.' });
        }
        throw error;
      }
    },
  );
};

export default payments;
