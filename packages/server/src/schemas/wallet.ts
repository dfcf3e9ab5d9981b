import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// The wallet's wire shapes (core's contracts/wallet.ts), for validation and the OpenAPI document.

const Cents = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

export const WalletMovementKindSchema = Type.Union([
  Type.Literal('wallet_topup'),
  Type.Literal('wallet_spend'),
  Type.Literal('pos_spend'),
  Type.Literal('wallet_return'),
  Type.Literal('refund'),
  Type.Literal('resale_sale'),
  Type.Literal('reversal'),
]);

export const WalletSummarySchema = Type.Object({
  balanceCents: Cents,
  minTopUpCents: Cents,
  maxTopUpCents: Cents,
  returnableCents: Cents,
});

/** `GET /wallet/statement` filters: a period (dates `YYYY-MM-DD` in Brasília time, or ISO instants), kinds, paging. */
export const WalletStatementQuerySchema = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 40 })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
    kind: Type.Optional(Type.Array(WalletMovementKindSchema, { maxItems: 7 })),
    before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);

export const WalletStatementSchema = Type.Object({
  lines: Type.Array(
    Type.Object({
      entryId: Type.Integer(),
      kind: Type.String(),
      amountCents: Type.Integer(),
      orderId: Type.Union([Type.Integer(), Type.Null()]),
      memo: Type.Union([Type.String(), Type.Null()]),
      createdAt: Type.String(),
    }),
  ),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});

export const TopUpRequestSchema = Type.Object(
  { amountCents: Type.Integer({ minimum: 1, maximum: 100_000_000 }) },
  { additionalProperties: false },
);

export const TopUpSchema = Type.Object({
  id: Type.Integer(),
  amountCents: Cents,
  status: Type.Union([Type.Literal('pending'), Type.Literal('credited'), Type.Literal('expired')]),
  txid: Type.String(),
  brcode: Type.String(),
  qrSvg: Type.String(),
  expiresAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  simulateUrl: Type.Optional(Type.String()),
});

export const TopUpParamsSchema = Type.Object({ topUpId: IdSchema });

const ReturnSchema = Type.Object({
  id: Type.Integer(),
  topUpId: Type.Integer(),
  amountCents: Cents,
  status: Type.Union([Type.Literal('requested'), Type.Literal('returned'), Type.Literal('failed')]),
  createdAt: Type.String(),
});

export const WalletReturnAnswerSchema = Type.Object({
  returns: Type.Array(ReturnSchema),
  returnedCents: Cents,
  balanceCents: Cents,
  message: Type.String(),
});

export const WalletReturnsSchema = Type.Object({ returns: Type.Array(ReturnSchema) });

export const WalletCheckoutRequestSchema = Type.Object(
  { orderId: IdSchema, amountCents: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })) },
  { additionalProperties: false },
);

export const WalletOrderPartSchema = Type.Object({
  orderId: Type.Integer(),
  walletCents: Cents,
  dueCents: Cents,
  status: Type.Union([Type.Literal('held'), Type.Literal('spent'), Type.Literal('released')]),
  paid: Type.Boolean(),
  balanceCents: Cents,
});

export const OrderParamsSchema = Type.Object({ orderId: IdSchema });

export const WalletBalanceSchema = Type.Object({ balanceCents: Cents });

export const PayCodeSchema = Type.Object({
  code: Type.String(),
  qrSvg: Type.String(),
  expiresAt: Type.String(),
});

export const PosSpendParamsSchema = Type.Object({ eventId: IdSchema });

export const PosSpendRequestSchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64 }),
    amountCents: Type.Integer({ minimum: 1, maximum: 500_000 }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** The POS's idempotency key: the same key at the same event is the same charge. */
export const PosSpendHeadersSchema = Type.Object({
  'idempotency-key': Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' }),
});

export const PosSpendSchema = Type.Object({
  id: Type.Integer(),
  amountCents: Cents,
  replayed: Type.Boolean(),
  message: Type.String(),
});
