import { Type } from 'typebox';
import { IdSchema, SessionIdSchema } from './common.ts';

const EmailSchema = Type.String({ format: 'email', maxLength: 254 });

/** The beneficiary of one meia-entrada ticket. */
export const MeiaBeneficiarySchema = Type.Object({
  category: Type.String({ minLength: 1, maxLength: 40 }),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  document: Type.String({ minLength: 1, maxLength: 40 }),
});
// The storefront sends flags as 1/0 or true/false.
const FlagSchema = Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]);

/** One ticket line of `POST /cart/reserve` (docs/buying.md). */
export const ReserveTicketSchema = Type.Object({
  tk_qtd: Type.Integer({ minimum: 1, maximum: 50 }),
  tk_id: IdSchema,
  seat_id: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  table_id: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  seat_group_id: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  is_from_resale: Type.Optional(FlagSchema),
  resaleId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
  original_n_number: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  holder_emails: Type.Optional(Type.Array(EmailSchema, { maxItems: 50 })),
  /** Meia-entrada: the line's first tickets are meias, one beneficiary each (docs/meia-entrada.md). */
  meia: Type.Optional(Type.Array(MeiaBeneficiarySchema, { maxItems: 50 })),
});

/** `POST /cart/reserve` body (field names in docs/buying.md). */
export const ReserveBodySchema = Type.Object({
  /** The buyer: their customer id or e-mail; must be the session's customer. */
  user: Type.Union([IdSchema, Type.String({ minLength: 1, maxLength: 254 })]),
  event_id: IdSchema,
  n_number: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  products: Type.Array(
    Type.Object({ product_qtd: Type.Integer({ minimum: 1, maximum: 100 }), product_id: IdSchema }),
    { maxItems: 50, default: [] },
  ),
  tickets: Type.Array(ReserveTicketSchema, { maxItems: 50, default: [] }),
  cupom: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  sessionId: SessionIdSchema,
});

const AllowanceSchema = Type.Object({
  tk_id: Type.Integer(),
  tk_allow: Type.Object({ tk_allow: Type.Integer(), tk_is_permitted_to_buy: Type.Boolean() }),
});

const ProductAllowanceSchema = Type.Object({
  product_id: Type.Integer(),
  product_allow: Type.Integer(),
  product_is_permitted_to_buy: Type.Boolean(),
});

/** A reserved order (money in cents). */
export const OrderSchema = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  status: Type.Literal('reserved'),
  eventId: Type.Integer(),
  subtotalCents: Type.Integer(),
  discountCents: Type.Integer(),
  feeCents: Type.Integer(),
  totalCents: Type.Integer(),
  coupon: Type.Union([
    Type.Object({
      code: Type.String(),
      kind: Type.Union([Type.Literal('percent'), Type.Literal('fixed')]),
      value: Type.Integer(),
    }),
    Type.Null(),
  ]),
  expiresAt: Type.String({ format: 'date-time' }),
  items: Type.Array(
    Type.Object({
      kind: Type.Union([Type.Literal('ticket'), Type.Literal('product'), Type.Literal('resale')]),
      ticketTypeId: Type.Union([Type.Integer(), Type.Null()]),
      productId: Type.Union([Type.Integer(), Type.Null()]),
      seatId: Type.Union([Type.Integer(), Type.Null()]),
      tableId: Type.Union([Type.Integer(), Type.Null()]),
      resaleId: Type.Union([Type.Integer(), Type.Null()]),
      n_number: Type.Union([Type.Integer(), Type.Null()]),
      quantity: Type.Integer(),
      unitPriceCents: Type.Integer(),
      holderEmail: Type.Union([Type.String(), Type.Null()]),
      meia: Type.Optional(Type.Union([MeiaBeneficiarySchema, Type.Null()])),
    }),
  ),
  /** pt-BR notices for the buyer, e.g. "O 1º lote esgotou; seu ingresso é do 2º lote por R$ 150,00". */
  notices: Type.Optional(Type.Array(Type.String())),
});

/** The reservation answer: 200 with the order, or 409 with `order: null` and a message. */
export const ReserveAnswerSchema = Type.Object({
  success: Type.Boolean(),
  error: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  tickets: Type.Array(AllowanceSchema),
  products: Type.Array(ProductAllowanceSchema),
  order: Type.Union([OrderSchema, Type.Null()]),
});
