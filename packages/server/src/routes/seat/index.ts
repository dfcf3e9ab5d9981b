import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { selectRows } from '../../db/sql.ts';
import { RESERVE_MESSAGES, reserveCart } from '../../orders/reserve.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ErrorSchema, IdSchema, SessionIdSchema } from '../../schemas/common.ts';
import { OrderSchema } from '../../schemas/orders.ts';
import {
  IssuedTicketSchema,
  RecipientSchema,
  SeatAnswerSchema,
  SeatMapSchema,
  SeatSectionSchema,
  SectionPricingSchema,
} from '../../schemas/seats.ts';
import { assertProducer, courtesySeat } from '../../seats/courtesy.ts';
import {
  DEFAULT_HOLD_SECONDS,
  holdSeats,
  MAX_HOLD_SECONDS,
  releaseSeats,
  SEAT_STATUSES,
  seatStatuses,
} from '../../seats/holds.ts';
import { buildSeatMap, buildSubmap, type CachedBody, mapVersion, SeatMapCache } from '../../seats/maps.ts';

/** pt-BR answers of the seat calls (spec §8 where the spec has one). */
export const SEAT_MESSAGES = {
  taken: 'Este assento acabou de ser reservado por outra pessoa',
  held: 'Assentos reservados para você.',
  released: 'Assentos liberados.',
  noMap: 'Este evento não tem mapa de assentos.',
  sectionNotFound: 'Setor não encontrado.',
  missingEvent: 'Evento não informado.',
  missingSeats: 'Nenhum assento selecionado.',
  missingEmail: 'Informe o e-mail do comprador.',
  missingSession: 'Sessão não informada.',
  invalidData: 'Dados do assento em formato inválido.',
} as const;

// Layouts are public and change rarely; statuses are never cached (separate call).
const MAP_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedBody): FastifyReply {
  reply
    .header('etag', entry.etag)
    .header('cache-control', MAP_CACHE_CONTROL)
    .header('vary', 'accept-encoding');
  const match = request.headers['if-none-match'];
  if (
    typeof match === 'string' &&
    match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)
  ) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const accepts = request.headers['accept-encoding'];
  if (typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}

/** Turns `seatIds=1,2&seatIds=3` (or `seatIds=1,2,3`) into numbers; null when malformed. */
function parseIds(values: string[] | undefined): number[] | null {
  const ids: number[] = [];
  for (const value of values ?? []) {
    for (const part of value.split(',')) {
      const text = part.trim();
      if (text === '') continue;
      if (!/^\d{1,10}$/.test(text) || Number(text) > 2_147_483_647) return null;
      ids.push(Number(text));
    }
  }
  return ids;
}

/** The seat service (spec §7): maps, statuses, holds, checkout of held seats, courtesy seats. */
const seat: FastifyPluginAsyncTypebox = async (app) => {
  const cache = new SeatMapCache();

  /** A layout part cached under the event's current map version; null when there is none. */
  const cachedLayout = async (
    eventId: number,
    part: string,
    build: (version: number) => Promise<unknown | null>,
  ): Promise<CachedBody | null> => {
    const version = await mapVersion(app.database.db, eventId);
    return version === null ? null : cache.get(`${part}:${eventId}:${version}`, () => build(version));
  };

  app.get(
    '/seat/maps/:eventId',
    {
      schema: {
        tags: ['seats'],
        summary: 'Seat map layout (sections; rows inlined for maps up to 20,000 seats). ETag-cacheable.',
        params: Type.Object({ eventId: IdSchema }),
        response: { 200: SeatMapSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const entry = await cachedLayout(eventId, 'map', (version) =>
        buildSeatMap(app.database.db, eventId, version),
      );
      if (!entry) throw new HttpError(404, SEAT_MESSAGES.noMap, 'not_found');
      return sendCached(request, reply, entry);
    },
  );

  app.get(
    '/seat/maps/:eventId/submap/:id',
    {
      schema: {
        tags: ['seats'],
        summary: 'One section with its rows (columnar ids, x, y, numbers) and tables. ETag-cacheable.',
        params: Type.Object({ eventId: IdSchema, id: IdSchema }),
        response: { 200: SeatSectionSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { eventId, id } = request.params;
      const entry = await cachedLayout(eventId, `submap:${id}`, () =>
        buildSubmap(app.database.db, eventId, id),
      );
      if (!entry) throw new HttpError(404, SEAT_MESSAGES.sectionNotFound, 'not_found');
      return sendCached(request, reply, entry);
    },
  );

  app.get(
    '/seat/sections/:id/pricing',
    {
      schema: {
        tags: ['seats'],
        summary: 'The lots (prices in cents) that sell the seats of a section.',
        params: Type.Object({ id: IdSchema }),
        response: { 200: SectionPricingSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const [section] = await selectRows<{ id: number; event_id: number; name: string; kind: string }>(
        db,
        sql`SELECT id, event_id, name, kind FROM seat_sections WHERE id = ${request.params.id}`,
      );
      if (!section) throw new HttpError(404, SEAT_MESSAGES.sectionNotFound, 'not_found');
      const types = await selectRows<{
        id: number;
        name: string;
        description: string;
        n_number: number;
        price_cents: number;
        per_order_limit: number;
      }>(
        db,
        sql`SELECT id, name, description, n_number, price_cents, per_order_limit FROM ticket_types
            WHERE section_id = ${section.id} AND status = 'active' ORDER BY sort, id`,
      );
      reply.header('cache-control', 'public, max-age=30');
      return {
        sectionId: section.id,
        eventId: section.event_id,
        name: section.name,
        kind: section.kind,
        priceFromCents: types.length > 0 ? Math.min(...types.map((type) => type.price_cents)) : null,
        ticketTypes: types.map((type) => ({
          id: type.id,
          name: type.name,
          description: type.description,
          n_number: type.n_number,
          priceCents: type.price_cents,
          perOrderLimit: type.per_order_limit,
        })),
      };
    },
  );

  app.get(
    '/seat/status',
    {
      schema: {
        tags: ['seats'],
        summary: `Seat statuses: ${SEAT_STATUSES.join(' | ')}. Without seatIds, only seats that are not available.`,
        querystring: Type.Object({
          eventId: IdSchema,
          seatIds: Type.Optional(Type.Array(Type.String({ maxLength: 20_000 }), { maxItems: 2000 })),
          sessionId: Type.Optional(SessionIdSchema),
        }),
        response: {
          200: Type.Object({
            data: Type.Record(Type.String(), Type.String()),
          }),
          400: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const ids = parseIds(request.query.seatIds);
      if (ids === null || ids.length > 2000)
        throw new HttpError(400, SEAT_MESSAGES.invalidData, 'validation');
      reply.header('cache-control', 'no-store');
      const data = await seatStatuses(app.database.db, {
        eventId: request.query.eventId,
        seatIds: ids,
        sessionId: request.query.sessionId ?? '',
      });
      return { data };
    },
  );

  app.post(
    '/seat/hold',
    {
      schema: {
        tags: ['seats'],
        summary: 'Holds all the given seats for the session, or none (409 when one is taken).',
        body: Type.Object({
          eventId: IdSchema,
          seatIds: Type.Array(IdSchema, { minItems: 1, maxItems: 100 }),
          holdSeconds: Type.Integer({ minimum: 1, maximum: MAX_HOLD_SECONDS, default: DEFAULT_HOLD_SECONDS }),
          sessionId: SessionIdSchema,
        }),
        response: { 200: SeatAnswerSchema, 400: ErrorSchema, 409: SeatAnswerSchema },
      },
    },
    async (request, reply) => {
      const held = await holdSeats(app.database.db, request.body);
      if (!held) {
        return reply.status(409).send({ success: false, error: 'seat_taken', message: SEAT_MESSAGES.taken });
      }
      return { success: true, message: SEAT_MESSAGES.held, seatIds: [...new Set(request.body.seatIds)] };
    },
  );

  app.post(
    '/seat/release',
    {
      schema: {
        tags: ['seats'],
        summary: "Releases the session's holds on the given seats.",
        body: Type.Object({
          eventId: IdSchema,
          seatIds: Type.Array(IdSchema, { minItems: 1, maxItems: 100 }),
          sessionId: SessionIdSchema,
        }),
        response: { 200: SeatAnswerSchema, 400: ErrorSchema },
      },
    },
    async (request) => {
      const released = await releaseSeats(app.database.db, request.body);
      return { success: true, message: SEAT_MESSAGES.released, seatIds: released };
    },
  );

  // Fields are optional in the schema so that each missing one gets its own pt-BR message.
  app.post(
    '/seat/checkout',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['seats'],
        summary: 'Reserves the held seats as an order (15 minutes) for payment.',
        security: [{ bearer: [] }],
        body: Type.Object({
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
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), order: OrderSchema }),
          400: Type.Object({ success: Type.Literal(false), error: Type.String(), message: Type.String() }),
          401: ErrorSchema,
          403: Type.Object({ success: Type.Literal(false), error: Type.String(), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const { eventId, seatSelections, customerInfo, sessionId } = request.body;
      const fail = (status: 400 | 403, message: string) =>
        reply.status(status).send({ success: false, error: message, message });
      if (!eventId) return fail(400, SEAT_MESSAGES.missingEvent);
      if (!seatSelections || seatSelections.length === 0) return fail(400, SEAT_MESSAGES.missingSeats);
      const email = customerInfo?.email?.trim();
      if (!email) return fail(400, SEAT_MESSAGES.missingEmail);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return fail(400, 'Endereço de e-mail inválido');
      if (!sessionId || !/^[A-Za-z0-9_-]{8,100}$/.test(sessionId))
        return fail(400, SEAT_MESSAGES.missingSession);
      // A selection without a lot takes its section's first lot.
      const missing = seatSelections.filter((selection) => !selection.ticket_type_id).map((s) => s.seat_id);
      const defaults = new Map<number, number>();
      if (missing.length > 0) {
        const rows = await selectRows<{ seat_id: number; type_id: number | null }>(
          app.database.db,
          sql`SELECT s.id AS seat_id,
                (SELECT t.id FROM ticket_types t WHERE t.section_id = s.section_id AND t.status = 'active'
                  ORDER BY t.sort, t.id LIMIT 1) AS type_id
              FROM seats s WHERE s.event_id = ${eventId} AND s.id = ANY(${`{${missing.join(',')}}`}::int[])`,
        );
        for (const row of rows) if (row.type_id !== null) defaults.set(row.seat_id, row.type_id);
      }
      const holder = email.toLowerCase() === request.customer.email.toLowerCase() ? undefined : [email];
      const tickets = [];
      for (const selection of seatSelections) {
        const typeId = selection.ticket_type_id ?? defaults.get(selection.seat_id);
        if (!typeId) return fail(403, RESERVE_MESSAGES.seatUnavailable);
        tickets.push({ tk_id: typeId, tk_qtd: 1, seat_id: selection.seat_id, holder_emails: holder });
      }
      const result = await reserveCart(app.database.db, {
        customerId: request.customer.id,
        eventId,
        sessionId,
        tickets,
        products: [],
      });
      if (!result.ok) return fail(403, RESERVE_MESSAGES.seatUnavailable);
      return { success: true as const, order: result.order };
    },
  );

  app.post(
    '/seat/courtesy',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['seats'],
        summary: "Gives a free seat as courtesy (the event's producer only).",
        security: [{ bearer: [] }],
        body: Type.Object({
          eventId: IdSchema,
          seatId: IdSchema,
          ticketTypeId: IdSchema,
          recipientInfo: RecipientSchema,
        }),
        response: {
          200: Type.Object({ success: Type.Literal(true), ticket: IssuedTicketSchema }),
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { eventId, seatId, ticketTypeId, recipientInfo } = request.body;
      await assertProducer(app.database.db, eventId, request.customer.id);
      const ticket = await courtesySeat(app.database.db, {
        eventId,
        seatId,
        ticketTypeId,
        email: recipientInfo.email.trim(),
      });
      return { success: true as const, ticket };
    },
  );
};

export default seat;
