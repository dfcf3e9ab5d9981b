import { Type } from 'typebox';
import { ErrorSchema } from './common.ts';

/** An order id in a body or path. */
export const OrderIdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** `POST /payments/pix` body. */
export const PixChargeRequestSchema = Type.Object(
  { orderId: OrderIdSchema },
  { additionalProperties: false },
);

/** A PIX charge: copia-e-cola, QR as SVG, amount in cents, when it expires (with the reservation). */
export const PixChargeSchema = Type.Object({
  paymentId: Type.Integer(),
  orderId: Type.Integer(),
  txid: Type.String(),
  brcode: Type.String({ description: 'BR Code "copia e cola".' }),
  qrSvg: Type.String({ description: 'The BR Code as a QR image (SVG markup).' }),
  amount: Type.Integer({ description: 'Cents.' }),
  expiresAt: Type.String({ format: 'date-time' }),
  status: Type.String(),
  simulateUrl: Type.Optional(
    Type.String({ description: 'Sandbox only: the PSP page with the "Simular pagamento" button.' }),
  ),
});

/** `POST /payments/card` body: a gateway token, never card data. */
export const CardPaymentRequestSchema = Type.Object(
  {
    orderId: OrderIdSchema,
    token: Type.String({ minLength: 8, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
    installments: Type.Integer({ minimum: 1, maximum: 12 }),
    idempotencyKey: Type.String({
      minLength: 8,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'One per payment attempt (e.g. a UUID); a retried request with it never charges twice.',
    }),
  },
  { additionalProperties: false },
);

/** A card attempt's outcome. */
export const CardPaymentSchema = Type.Object({
  paymentId: Type.Integer(),
  orderId: Type.Integer(),
  status: Type.Union([
    Type.Literal('approved'),
    Type.Literal('declined'),
    Type.Literal('pending'),
    Type.Literal('refund_required'),
  ]),
  message: Type.String(),
  installments: Type.Integer(),
  installmentLabel: Type.String(),
  card: Type.Union([Type.Object({ brand: Type.String(), last4: Type.String() }), Type.Null()]),
  replayed: Type.Boolean(),
});

/** One installment option. */
export const InstallmentOptionSchema = Type.Object({
  installments: Type.Integer(),
  installmentCents: Type.Integer(),
  lastInstallmentCents: Type.Integer(),
  totalCents: Type.Integer(),
  label: Type.String(),
});

/** `GET /payments/card/config` answer. */
export const CardConfigSchema = Type.Object({
  tokenizerUrl: Type.String(),
  tokenizerGlobal: Type.String(),
  maxInstallments: Type.Integer(),
  minInstallmentCents: Type.Integer(),
  amount: Type.Union([Type.Integer(), Type.Null()]),
  installments: Type.Array(InstallmentOptionSchema),
  sandbox: Type.Boolean(),
  testCards: Type.Optional(
    Type.Array(Type.Object({ number: Type.String(), holder: Type.String(), outcome: Type.String() })),
  ),
});

/** `GET /payments/{orderId}/status` answer. */
export const PaymentStatusSchema = Type.Object({
  orderId: Type.Integer(),
  orderNumber: Type.String(),
  status: Type.Union([
    Type.Literal('reserved'),
    Type.Literal('paid'),
    Type.Literal('expired'),
    Type.Literal('cancelled'),
    Type.Literal('refund_required'),
  ]),
  totalCents: Type.Integer(),
  expiresAt: Type.String({ format: 'date-time' }),
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  message: Type.String(),
  payment: Type.Union([
    Type.Object({
      id: Type.Integer(),
      method: Type.Union([Type.Literal('pix'), Type.Literal('card')]),
      status: Type.String(),
      txid: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});

/** The PSP's webhook body (API Pix): only `endToEndId` and `txid` are used, as hints. */
export const PixWebhookBodySchema = Type.Object({
  pix: Type.Array(
    Type.Object({
      endToEndId: Type.String({ minLength: 1, maxLength: 64 }),
      txid: Type.Optional(Type.String({ maxLength: 64 })),
      valor: Type.Optional(Type.String({ maxLength: 20 })),
      horario: Type.Optional(Type.String({ maxLength: 40 })),
      /** News of devoluções of this PIX (refunds/follow-up.ts); each is confirmed with the PSP. */
      devolucoes: Type.Optional(
        Type.Array(Type.Object({ id: Type.String({ minLength: 1, maxLength: 35 }) }), { maxItems: 100 }),
      ),
    }),
    { maxItems: 100 },
  ),
});

/** `GET /payments/card/config` query: the amount (cents) to offer installments for. */
export const CardConfigQuerySchema = Type.Object({
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
});

/** The webhook's path: the secret registered with the PSP. */
export const PixWebhookParamsSchema = Type.Object({ secret: Type.String({ maxLength: 200 }) });

/** The webhook's answer: what was done with each notification. */
export const PixWebhookAnswerSchema = Type.Object({
  received: Type.Integer(),
  results: Type.Array(Type.Object({ endToEndId: Type.String(), txid: Type.String(), result: Type.String() })),
});

/** The refusals a payment or wallet route can answer, each `{ error, message }` in pt-BR. */
export const PAYMENT_ERRORS = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  410: ErrorSchema,
  422: ErrorSchema,
  502: ErrorSchema,
};
