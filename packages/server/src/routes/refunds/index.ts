import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REFUND_ANSWER_MESSAGES } from '@plateia/core/messages/refunds';
import { cancelEvent } from '../../refunds/cancel-event.ts';
import type { RefundDeps } from '../../refunds/payout.ts';
import { refundView } from '../../refunds/records.ts';
import { requestOrderRefund, requestTicketRefund } from '../../refunds/request.ts';
import { customerRefunds, ownRefund, providePixKey, refundOffers } from '../../refunds/views.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  EventCancelAnswerSchema,
  EventIdParams,
  OrderRefundAnswerSchema,
  PixKeyBodySchema,
  RefundAnswerSchema,
  RefundIdParams,
  RefundListSchema,
} from '../../schemas/refunds.ts';
import { paymentDeps } from '../payment-deps.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Refunds (docs/refunds.md): the customer's refunds and what each ticket may get back,
 * asking for a ticket's or a whole order's refund, another PIX key after the devoluções
 * failed, and the producer cancelling an event (everyone refunded).
 */
const refunds: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db;
  const deps: RefundDeps = paymentDeps(app);
  const secured = { tags: ['refunds'], security: [{ bearer: [] }] };

  app.get(
    '/refunds',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The customer's refunds, and for each of their tickets whether the policy allows one now.",
        response: { 200: RefundListSchema, 401: ErrorSchema },
      },
    },
    async (request) => ({
      refunds: (await customerRefunds(db, request.customer.id)).map(refundView),
      offers: await refundOffers(db, request.customer.id, app.now()),
    }),
  );

  app.get(
    '/refunds/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'One of the customer’s refunds.',
        params: RefundIdParams,
        response: { 200: RefundAnswerSchema, ...errors },
      },
    },
    async (request) => ({ refund: refundView(await ownRefund(db, request.customer.id, request.params.id)) }),
  );

  app.post(
    '/refunds/tickets/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Refunds one ticket (price and service fee share); the ticket is voided at once.',
        params: RefundIdParams,
        response: { 200: RefundAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      refund: refundView(await requestTicketRefund(db, deps, request.customer.id, request.params.id)),
    }),
  );

  app.post(
    '/refunds/orders/:id',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Refunds every ticket the buyer still holds from an order, and its products.',
        params: RefundIdParams,
        response: { 200: OrderRefundAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      refunds: (await requestOrderRefund(db, deps, request.customer.id, request.params.id)).map(refundView),
    }),
  );

  app.post(
    '/refunds/:id/pix-key',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Another PIX key for a refund whose devoluções were not made (status needs_pix_key).',
        params: RefundIdParams,
        body: PixKeyBodySchema,
        response: { 200: RefundAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      refund: refundView(
        await providePixKey(db, deps, request.customer.id, request.params.id, request.body.chave),
      ),
    }),
  );

  app.post(
    '/events/:eventId/cancel',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        tags: ['refunds', 'events'],
        summary:
          "The event's producer cancels it: every valid ticket is refunded with its fee (a job) and buyers are e-mailed.",
        params: EventIdParams,
        response: { 200: EventCancelAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      ...(await cancelEvent(db, { now: app.now, jobs: app.jobs }, request.customer, request.params.eventId)),
      message: REFUND_ANSWER_MESSAGES.eventCancelled,
    }),
  );
};

export default refunds;
