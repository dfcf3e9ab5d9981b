import { Type } from 'typebox';
import { IdSchema } from './common.ts';
import { PixChargeSchema } from './payments.ts';

// Shared payments (docs/shared-payments.md). The shapes match core's contracts/shared-payments.ts.

const nullableString = Type.Union([Type.String(), Type.Null()]);
const isoOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** `POST /shared-payments/create` body. Amounts and counts are checked by the rules (pt-BR). */
export const CreateSharedPaymentSchema = Type.Object(
  {
    orderId: IdSchema,
    deadline: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'ISO date-time.' })),
    shares: Type.Array(
      Type.Object(
        {
          email: Type.String({ maxLength: 254 }),
          amountCents: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
          tickets: Type.Integer({ minimum: 0, maximum: 10_000 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);

/** One share of a group, as the viewer sees it. */
export const ShareViewSchema = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  email: Type.String(),
  name: nullableString,
  isLeader: Type.Boolean(),
  isViewer: Type.Boolean(),
  amountCents: Type.Integer(),
  tickets: Type.Integer(),
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('paid'),
    Type.Literal('refunding'),
    Type.Literal('refunded'),
    Type.Literal('cancelled'),
  ]),
  paidAt: isoOrNull,
  refundedAt: isoOrNull,
  emailSentAt: isoOrNull,
});

const summaryProperties = {
  id: Type.Integer(),
  status: Type.Union([Type.Literal('open'), Type.Literal('completed'), Type.Literal('expired')]),
  orderId: Type.Integer(),
  orderNumber: Type.String(),
  event: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    startsAt: Type.String({ format: 'date-time' }),
    venue: nullableString,
    imageUrl: nullableString,
  }),
  totalCents: Type.Integer(),
  paidCents: Type.Integer(),
  deadline: Type.String({ format: 'date-time' }),
  closesAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  leader: Type.Object({ userId: Type.Integer(), name: nullableString }),
  viewerRole: Type.Union([Type.Literal('leader'), Type.Literal('participant')]),
};

/** A group without its shares. */
export const SharedPaymentSummarySchema = Type.Object(summaryProperties);

/** `GET /shared-payments/status/{id}` and the answer of `POST /shared-payments/create`. */
export const SharedPaymentViewSchema = Type.Object({
  ...summaryProperties,
  shares: Type.Array(ShareViewSchema),
});

/** `GET /shared-payments/payment/{shareId}`. */
export const SharePaymentViewSchema = Type.Object({
  share: ShareViewSchema,
  sharedPayment: SharedPaymentSummarySchema,
  pix: Type.Union([PixChargeSchema, Type.Null()]),
  message: Type.String(),
});

/** `GET /shared-payments/user/{userId}` and `/user-all/{userId}`. */
export const SharedPaymentPageSchema = Type.Object({
  items: Type.Array(
    Type.Object({ ...summaryProperties, sharesPaid: Type.Integer(), sharesTotal: Type.Integer() }),
  ),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});

/** Paging of the lists: page 1 and 10 a page by default (spec), at most 50. */
export const SharedPaymentPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

/** `POST /shared-payments/resend-emails/{id}` body and answer. */
export const ResendEmailsSchema = Type.Object(
  { emails: Type.Array(Type.String({ maxLength: 254 }), { minItems: 1, maxItems: 10 }) },
  { additionalProperties: false },
);
export const ResendEmailsAnswerSchema = Type.Object({ sent: Type.Array(Type.String()) });

/** `:id` in the path (a group or a share). */
export const SharedPaymentIdParams = Type.Object({ id: IdSchema });
export const UserIdParams = Type.Object({ userId: IdSchema });

/** The share link's token, for visitors without an account. */
export const ShareTokenHeaders = Type.Object({
  'x-share-token': Type.Optional(Type.String({ maxLength: 200 })),
});
