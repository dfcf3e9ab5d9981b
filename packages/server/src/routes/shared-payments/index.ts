import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { assertSelf, readCustomer } from '../../plugins/auth.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  CreateSharedPaymentSchema,
  ResendEmailsAnswerSchema,
  ResendEmailsSchema,
  SharedPaymentIdParams,
  SharedPaymentPageQuery,
  SharedPaymentPageSchema,
  SharedPaymentViewSchema,
  SharePaymentViewSchema,
  ShareTokenHeaders,
  UserIdParams,
} from '../../schemas/shared-payments.ts';
import { createSharedPayment, type SharedPaymentDeps } from '../../shared-payments/create.ts';
import { resendInvitations } from '../../shared-payments/resend.ts';
import {
  type Asker,
  sharedPaymentStatus,
  sharedPaymentsOf,
  sharePayment,
} from '../../shared-payments/views.ts';
import { paymentDeps } from '../payment-deps.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

/**
 * Shared payments (docs/shared-payments.md): a leader splits a reserved order's payment with
 * friends, each share paid by PIX from its own page. Group and share pages take the session
 * or the share link's token (`X-Share-Token`); everything else is the session's customer's.
 */
const sharedPayments: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const deps: SharedPaymentDeps = { ...paymentDeps(app), jobs: app.jobs };
  const secured = { tags: ['shared-payments'], security: [{ bearer: [] }] };
  // Visitors with a share link's token have no session: the bearer is optional here.
  const open = { tags: ['shared-payments'], security: [{ bearer: [] }, {}] as Record<string, string[]>[] };

  const askerOf = async (request: FastifyRequest): Promise<Asker> => {
    const customer = await readCustomer(request);
    const header = request.headers['x-share-token'];
    const token = typeof header === 'string' && header.trim() !== '' ? header.trim() : null;
    return { customer, token };
  };

  app.post(
    '/shared-payments/create',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Splits a reserved order’s payment: one PIX charge per share, an e-mail to each friend.',
        body: CreateSharedPaymentSchema,
        response: { 201: SharedPaymentViewSchema, ...errors, 409: ErrorSchema, 502: ErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await createSharedPayment(db, deps, request.customer, request.body);
      const view = await sharedPaymentStatus(db, { customer: request.customer, token: null }, id);
      return reply.status(201).send(view);
    },
  );

  app.get(
    '/shared-payments/status/:id',
    {
      schema: {
        ...open,
        summary: 'A shared payment: the leader, a participant by session e-mail, or a share link’s token.',
        params: SharedPaymentIdParams,
        headers: ShareTokenHeaders,
        response: { 200: SharedPaymentViewSchema, ...errors },
      },
    },
    async (request) => sharedPaymentStatus(db, await askerOf(request), request.params.id),
  );

  app.get(
    '/shared-payments/payment/:id',
    {
      schema: {
        ...open,
        summary: 'One share’s page with its PIX charge while this viewer may pay it.',
        params: SharedPaymentIdParams,
        headers: ShareTokenHeaders,
        response: { 200: SharePaymentViewSchema, ...errors },
      },
    },
    async (request) => sharePayment(db, deps, await askerOf(request), request.params.id),
  );

  app.get(
    '/shared-payments/user/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The shared payments the customer leads, newest first.',
        params: UserIdParams,
        querystring: SharedPaymentPageQuery,
        response: { 200: SharedPaymentPageSchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return sharedPaymentsOf(db, request.customer, true, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/shared-payments/user-all/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The shared payments the customer leads or takes part in (by e-mail), newest first.',
        params: UserIdParams,
        querystring: SharedPaymentPageQuery,
        response: { 200: SharedPaymentPageSchema, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return sharedPaymentsOf(db, request.customer, false, request.query.page, request.query.limit);
    },
  );

  app.post(
    '/shared-payments/resend-emails/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The leader sends the invitation again to unpaid friends (once per share every 5 minutes).',
        params: SharedPaymentIdParams,
        body: ResendEmailsSchema,
        response: { 200: ResendEmailsAnswerSchema, ...errors, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => ({
      sent: await resendInvitations(db, deps, request.customer.id, request.params.id, request.body.emails),
    }),
  );
};

export default sharedPayments;
