import { Type } from 'typebox';
import { SEAT_STATUSES } from '../seat-map/statuses.ts';
import { IdSchema, SessionIdSchema } from './common.ts';

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

/** `GET /seat/status` query: seat ids as repeated or comma-separated values. */
export const SeatStatusQuerySchema = Type.Object({
  eventId: IdSchema,
  seatIds: Type.Optional(Type.Array(Type.String({ maxLength: 20_000 }), { maxItems: 2000 })),
  sessionId: Type.Optional(SessionIdSchema),
});

/** `GET /seat/status` answer: status by seat id. */
export const SeatStatusAnswerSchema = Type.Object({
  data: Type.Record(Type.String(), Type.String()),
});

/** The summary of `GET /seat/status`, listing every status a seat may have. */
export const SEAT_STATUS_SUMMARY = `Seat statuses: ${SEAT_STATUSES.join(' | ')}. Without seatIds, only seats that are not available.`;
