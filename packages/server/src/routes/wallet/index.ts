import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PaymentDeps } from '../../payments/deps.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import { PAYMENT_ERRORS } from '../../schemas/payments.ts';
import {
  TopUpParamsSchema,
  TopUpRequestSchema,
  TopUpSchema,
  WalletReturnAnswerSchema,
  WalletReturnsSchema,
  WalletStatementQuerySchema,
  WalletStatementSchema,
  WalletSummarySchema,
} from '../../schemas/wallet.ts';
import { walletStatementPage, walletSummary } from '../../wallet/balance.ts';
import { customerReturns, returnLeftover } from '../../wallet/returns.ts';
import { createTopUp, topUpStatus } from '../../wallet/topup.ts';
import { paymentDeps } from '../payment-deps.ts';
import { walletSpendingRoutes } from './spending.ts';

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

  await app.register(walletSpendingRoutes);
};

export default wallet;
