import { Type } from 'typebox';
import { DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS } from '../seat-hold/hold.ts';
import { IdSchema, SessionIdSchema } from './common.ts';
import { OrderSchema } from './orders.ts';

/** `{ success, message }` answers of hold and release (and their 409). */
export const SeatAnswerSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  seatIds: Type.Optional(Type.Array(Type.Integer())),
});

/** `POST /seat/hold` body. */
export const SeatHoldBodySchema = Type.Object({
  eventId: IdSchema,
  seatIds: Type.Array(IdSchema, { minItems: 1, maxItems: 100 }),
  holdSeconds: Type.Integer({ minimum: 1, maximum: MAX_HOLD_SECONDS, default: DEFAULT_HOLD_SECONDS }),
  sessionId: SessionIdSchema,
});

/** `POST /seat/release` body. */
export const SeatReleaseBodySchema = Type.Object({
  eventId: IdSchema,
  seatIds: Type.Array(IdSchema, { minItems: 1, maxItems: 100 }),
  sessionId: SessionIdSchema,
});

// Fields are optional so that each missing one gets its own pt-BR message.
/** `POST /seat/checkout` body, as the seat picker sends it. */
export const SeatCheckoutBodySchema = Type.Object({
  eventId: Type.Optional(IdSchema),
  seatSelections: Type.Optional(
    Type.Array(
      Type.Object({
        seat_id: IdSchema,
        ticket_type_id: Type.Optional(IdSchema),
        section_id: Type.Optional(Type.Integer()),
        row_id: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
        seat_number: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Integer()])),
        price: Type.Optional(Type.Number()),
      }),
      { maxItems: 100 },
    ),
  ),
  customerInfo: Type.Optional(
    Type.Object({
      email: Type.Optional(Type.String({ maxLength: 254 })),
      name: Type.Optional(Type.String({ maxLength: 200 })),
    }),
  ),
  paymentInfo: Type.Optional(Type.Unknown()),
  sessionId: Type.Optional(Type.String({ maxLength: 100 })),
});

/** A refused seat checkout: the message doubles as the error (no `success` on validation errors). */
export const SeatCheckoutRefusalSchema = Type.Object({
  success: Type.Optional(Type.Literal(false)),
  error: Type.String(),
  message: Type.String(),
});

/** `POST /seat/checkout` answer. */
export const SeatCheckoutAnswerSchema = Type.Object({ success: Type.Literal(true), order: OrderSchema });

/** Who receives a courtesy ticket. */
export const RecipientSchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});

/** A ticket issued as courtesy. */
export const IssuedTicketSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  holderEmail: Type.String(),
  seatId: Type.Union([Type.Integer(), Type.Null()]),
});

/** `POST /seat/courtesy` answer. */
export const IssuedTicketAnswerSchema = Type.Object({
  success: Type.Literal(true),
  ticket: IssuedTicketSchema,
});

/** `POST /ticket/courtesy` answer. */
export const IssuedTicketsAnswerSchema = Type.Object({
  success: Type.Literal(true),
  tickets: Type.Array(IssuedTicketSchema),
});

/** `POST /seat/courtesy` body. */
export const CourtesySeatBodySchema = Type.Object({
  eventId: IdSchema,
  seatId: IdSchema,
  ticketTypeId: IdSchema,
  recipientInfo: RecipientSchema,
});

/** `POST /ticket/courtesy` body. */
export const CourtesyTicketsBodySchema = Type.Object({
  eventId: IdSchema,
  ticketTypeId: IdSchema,
  recipientInfo: RecipientSchema,
  quantity: Type.Integer({ minimum: 1, maximum: 50, default: 1 }),
});
