import { Type } from 'typebox';

/** `{ success, message }` answers of hold and release (and their 409). */
export const SeatAnswerSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  error: Type.Optional(Type.String()),
  seatIds: Type.Optional(Type.Array(Type.Integer())),
});

const SeatRowSchema = Type.Object({
  label: Type.String(),
  ids: Type.Array(Type.Integer()),
  x: Type.Array(Type.Number()),
  y: Type.Array(Type.Number()),
  n: Type.Array(Type.String()),
});

const SeatTableSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  radius: Type.Number(),
  seatIds: Type.Array(Type.Integer()),
});

/** A section (in the map) or a submap (a section with rows and tables). */
export const SeatSectionSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Union([Type.Literal('seats'), Type.Literal('tables')]),
  color: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  width: Type.Number(),
  height: Type.Number(),
  seatCount: Type.Integer(),
  ticketTypeIds: Type.Array(Type.Integer()),
  priceFromCents: Type.Union([Type.Integer(), Type.Null()]),
  rows: Type.Union([Type.Array(SeatRowSchema), Type.Null()]),
  tables: Type.Union([Type.Array(SeatTableSchema), Type.Null()]),
  submap: Type.String(),
});

/** `GET /seat/maps/{eventId}`. */
export const SeatMapSchema = Type.Object({
  eventId: Type.Integer(),
  version: Type.Integer(),
  width: Type.Number(),
  height: Type.Number(),
  seatCount: Type.Integer(),
  inline: Type.Boolean(),
  sections: Type.Array(SeatSectionSchema),
});

/** `GET /seat/sections/{id}/pricing`. */
export const SectionPricingSchema = Type.Object({
  sectionId: Type.Integer(),
  eventId: Type.Integer(),
  name: Type.String(),
  kind: Type.String(),
  priceFromCents: Type.Union([Type.Integer(), Type.Null()]),
  ticketTypes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      description: Type.String(),
      n_number: Type.Integer(),
      priceCents: Type.Integer(),
      perOrderLimit: Type.Integer(),
    }),
  ),
});

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
