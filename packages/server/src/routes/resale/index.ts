import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTicket, quoteResale, sellerListings, withdrawListing } from '../../resale/listings.ts';
import { ErrorSchema } from '../../schemas/common.ts';
import {
  ResaleListBody,
  ResaleListingAnswer,
  ResaleListingParams,
  ResaleListingsAnswer,
  ResaleQuoteQuery,
  ResaleQuoteSchema,
  ResaleTicketParams,
} from '../../schemas/resale.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/**
 * Selling a ticket on resale (docs/resale.md): the quote shown before listing, listing,
 * withdrawal and the seller's listings. Buying a listed ticket is the cart's resale item.
 */
const resale: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['resale'], security: [{ bearer: [] }] };

  app.get(
    '/resale/tickets/:ticketId/quote',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          "What listing the caller's ticket gives: the price cap, the resale fee and what the seller receives.",
        params: ResaleTicketParams,
        querystring: ResaleQuoteQuery,
        response: { 200: ResaleQuoteSchema, ...errors },
      },
    },
    async (request) =>
      quoteResale(
        app.database.db,
        { now: app.now() },
        request.customer.id,
        request.params.ticketId,
        request.query.priceCents,
      ),
  );

  app.post(
    '/resale/tickets/:ticketId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          "Lists the caller's ticket for resale at a price up to what was paid; its QR code stops working.",
        params: ResaleTicketParams,
        body: ResaleListBody,
        response: { 201: ResaleListingAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const listing = await listTicket(
        app.database.db,
        { now: app.now() },
        request.customer.id,
        request.params.ticketId,
        request.body.priceCents,
      );
      return reply.code(201).send({ listing });
    },
  );

  app.post(
    '/resale/listings/:listingId/withdraw',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'The seller withdraws an unsold listing; the ticket comes back with a fresh QR code.',
        params: ResaleListingParams,
        response: { 200: ResaleListingAnswer, ...errors },
      },
    },
    async (request) => ({
      listing: await withdrawListing(
        app.database.db,
        { now: app.now() },
        request.customer.id,
        request.params.listingId,
      ),
    }),
  );

  app.get(
    '/resale/listings',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The caller's resale listings, newest first (on offer, sold, withdrawn).",
        response: { 200: ResaleListingsAnswer, 401: ErrorSchema },
      },
    },
    async (request) => sellerListings(app.database.db, request.customer.id),
  );
};

export default resale;
