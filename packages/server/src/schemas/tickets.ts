import { Type } from 'typebox';

/** One ticket in "Meus Ingressos". The QR secret is not listed: the QR view rotates it. */
export const TicketSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
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
});

/** `GET /tickets` answer. */
export const TicketListSchema = Type.Object({ tickets: Type.Array(TicketSchema) });
