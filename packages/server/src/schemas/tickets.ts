import { Type } from 'typebox';
import { IdSchema } from './common.ts';

/**
 * One ticket in "Meus Ingressos". The code secret is not listed: the owner reads it from
 * `/tickets/code-keys` (docs/tickets.md).
 */
export const TicketSchema = Type.Object({
  id: Type.Integer(),
  status: Type.Union([
    Type.Literal('valid'),
    Type.Literal('used'),
    Type.Literal('transferred'),
    Type.Literal('pending_transfer'),
    Type.Literal('listed'),
    Type.Literal('resold'),
    Type.Literal('refunded'),
    Type.Literal('cancelled'),
  ]),
  /** Bumped whenever the ticket changes hands; part of the QR payload. */
  holderVersion: Type.Integer({ minimum: 1 }),
  holderEmail: Type.String(),
  priceCents: Type.Integer(),
  courtesy: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  event: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    venue: Type.String(),
    city: Type.String(),
    image: Type.String(),
    startsAt: Type.String({ format: 'date-time' }),
  }),
  ticketType: Type.Object({ id: Type.Integer(), name: Type.String(), nNumber: Type.Integer() }),
  seat: Type.Union([
    Type.Object({
      id: Type.Integer(),
      section: Type.String(),
      row: Type.String(),
      number: Type.String(),
      table: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  order: Type.Union([
    Type.Object({
      id: Type.Integer(),
      number: Type.String(),
      paidAt: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** The customer's pending transfer of this ticket, or the accepted one that gave it away. */
  transfer: Type.Union([
    Type.Object({
      id: Type.Integer(),
      status: Type.Union([Type.Literal('pending'), Type.Literal('accepted')]),
      toEmail: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
});

/** `GET /tickets` answer. */
export const TicketListSchema = Type.Object({ tickets: Type.Array(TicketSchema) });

/** `:id` of a ticket in the path. */
export const TicketIdParams = Type.Object({ id: IdSchema });

/** `:id` of a transfer in the path. */
export const TransferIdParams = Type.Object({ id: IdSchema });

/** What the owner's device needs to draw one ticket's rotating code. */
export const TicketCodeKeySchema = Type.Object({
  ticketId: Type.Integer(),
  eventId: Type.Integer(),
  holderVersion: Type.Integer({ minimum: 1 }),
  /** The ticket's TOTP secret (20 bytes, base64url). */
  secret: Type.String(),
  stepSeconds: Type.Integer(),
  digits: Type.Integer(),
  window: Type.Integer(),
});

/** `GET /tickets/{id}/code-key` answer: one key and the server's clock (epoch ms). */
export const TicketCodeKeyAnswer = Type.Object({
  ...TicketCodeKeySchema.properties,
  serverTime: Type.Integer(),
});

/** `GET /tickets/code-keys` answer: the keys of every valid ticket held, and the server's clock. */
export const TicketCodeKeysAnswer = Type.Object({
  keys: Type.Array(TicketCodeKeySchema),
  serverTime: Type.Integer(),
});

/** `POST /tickets/{id}/transfer` body. */
export const TransferBody = Type.Object(
  { email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }) },
  { additionalProperties: false },
);

/** One transfer. */
export const TransferSchema = Type.Object({
  id: Type.Integer(),
  ticketId: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('cancelled')]),
  fromEmail: Type.String(),
  toEmail: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

/** `POST /tickets/{id}/transfer` answer: the transfer and whether the e-mail left. */
export const TransferCreatedAnswer = Type.Object({ transfer: TransferSchema, notified: Type.Boolean() });

/** `POST /tickets/transfers/{id}/cancel` and `/accept` answer. */
export const TransferAnswer = Type.Object({ transfer: TransferSchema });

/** A pending transfer with the ticket's summary. */
export const PendingTransferSchema = Type.Object({
  ...TransferSchema.properties,
  ticket: Type.Object({
    eventName: Type.String(),
    eventStartsAt: Type.String({ format: 'date-time' }),
    typeName: Type.String(),
    nNumber: Type.Integer(),
  }),
});

/** `GET /tickets/transfers` answer: pending transfers sent and received. */
export const PendingTransfersAnswer = Type.Object({
  outgoing: Type.Array(PendingTransferSchema),
  incoming: Type.Array(PendingTransferSchema),
});
