import { Type } from 'typebox';
import { IdSchema } from './common.ts';

/** Cents as the resale routes take them (a PostgreSQL `integer`). */
const CentsSchema = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

/** `:ticketId` of the ticket to quote or list. */
export const ResaleTicketParams = Type.Object({ ticketId: IdSchema });

/** `:listingId` of a listing. */
export const ResaleListingParams = Type.Object({ listingId: IdSchema });

/** `GET /resale/tickets/{ticketId}/quote` query: the price to quote (the cap when omitted). */
export const ResaleQuoteQuery = Type.Object(
  { priceCents: Type.Optional(CentsSchema) },
  { additionalProperties: false },
);

/** `POST /resale/tickets/{ticketId}` body. */
export const ResaleListBody = Type.Object({ priceCents: CentsSchema }, { additionalProperties: false });

/** What listing a ticket would give (core's `ResaleQuote`). */
export const ResaleQuoteSchema = Type.Object({
  ticketId: Type.Integer(),
  maxPriceCents: Type.Integer(),
  minPriceCents: Type.Integer(),
  feeBps: Type.Integer(),
  priceCents: Type.Integer(),
  feeCents: Type.Integer(),
  netCents: Type.Integer(),
});

/** One of the seller's listings (core's `ResaleListing`). */
export const ResaleListingSchema = Type.Object({
  id: Type.Integer(),
  ticketId: Type.Integer(),
  status: Type.Union([Type.Literal('active'), Type.Literal('sold'), Type.Literal('cancelled')]),
  priceCents: Type.Integer(),
  feeCents: Type.Integer(),
  netCents: Type.Integer(),
  reserved: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  closedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  event: Type.Object({
    id: Type.Integer(),
    slug: Type.String(),
    name: Type.String(),
    startsAt: Type.String({ format: 'date-time' }),
  }),
  ticketType: Type.Object({ id: Type.Integer(), name: Type.String(), nNumber: Type.Integer() }),
});

/** Listing and withdrawal answer. */
export const ResaleListingAnswer = Type.Object({ listing: ResaleListingSchema });

/** `GET /resale/listings` answer. */
export const ResaleListingsAnswer = Type.Object({ listings: Type.Array(ResaleListingSchema) });
