import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// Refunds (docs/refunds.md). The shapes match core's contracts/refunds.ts.

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** One refund. */
export const RefundSchema = Type.Object({
  id: Type.Integer(),
  orderId: Type.Integer(),
  orderNumber: Type.String(),
  ticketId: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Union([
    Type.Literal('customer'),
    Type.Literal('event_cancelled'),
    Type.Literal('unfulfilled'),
  ]),
  method: Type.Union([Type.Literal('pix'), Type.Literal('card'), Type.Literal('wallet')]),
  status: Type.Union([
    Type.Literal('requested'),
    Type.Literal('processing'),
    Type.Literal('refunded'),
    Type.Literal('failed'),
    Type.Literal('needs_pix_key'),
  ]),
  amountCents: Type.Integer(),
  feeCents: Type.Integer(),
  walletCents: Type.Integer(),
  statusDetail: nullableString,
  createdAt: Type.String({ format: 'date-time' }),
  refundedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** Whether a ticket may be refunded now, with the policy's pt-BR reason and the amount. */
export const RefundOfferSchema = Type.Object({
  ticketId: Type.Integer(),
  allowed: Type.Boolean(),
  reason: Type.String(),
  message: Type.String(),
  deadline: nullableString,
  amountCents: Type.Integer(),
  feeCents: Type.Integer(),
  refund: Type.Union([RefundSchema, Type.Null()]),
});

/** `GET /refunds` answer: the customer's refunds and the offer for each of their tickets. */
export const RefundListSchema = Type.Object({
  refunds: Type.Array(RefundSchema),
  offers: Type.Array(RefundOfferSchema),
});

/** `POST /refunds/tickets/:id` answer. */
export const RefundAnswerSchema = Type.Object({ refund: RefundSchema });

/** `POST /refunds/orders/:id` answer: every refund of the order. */
export const OrderRefundAnswerSchema = Type.Object({ refunds: Type.Array(RefundSchema) });

/** `:id` in the path. */
export const RefundIdParams = Type.Object({ id: IdSchema });

/** `POST /refunds/:id/pix-key` body. */
export const PixKeyBodySchema = Type.Object({ chave: Type.String({ minLength: 1, maxLength: 100 }) });

/** `:eventId` in the path. */
export const EventIdParams = Type.Object({ eventId: IdSchema });

/** `POST /events/:eventId/cancel` answer. */
export const EventCancelAnswerSchema = Type.Object({
  eventId: Type.Integer(),
  ordersToRefund: Type.Integer(),
  ticketsToRefund: Type.Integer(),
  message: Type.String(),
});
