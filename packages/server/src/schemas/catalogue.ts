import { Type } from 'typebox';

/** An event as listed. */
export const EventSummarySchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  venue: Type.String(),
  city: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  image: Type.String(),
  pixel: Type.String(),
  status: Type.String(),
  priceFromCents: Type.Union([Type.Integer(), Type.Null()]),
  hasSeatMap: Type.Boolean(),
  isPast: Type.Boolean(),
});

/** A lot with its availability. */
export const TicketTypeSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  n_number: Type.Integer(),
  priceCents: Type.Integer(),
  available: Type.Integer(),
  perOrderLimit: Type.Integer(),
  numerationSelected: Type.Boolean(),
  sectionId: Type.Union([Type.Integer(), Type.Null()]),
  onSale: Type.Boolean(),
  soldOut: Type.Boolean(),
  /** "1º lote". */
  lotLabel: Type.String(),
  /** The lot of its ticket type selling now ("virada de lote"). */
  current: Type.Boolean(),
  /** On the current lot: the next one and its price. */
  nextLot: Type.Union([
    Type.Object({
      id: Type.Integer(),
      n_number: Type.Integer(),
      priceCents: Type.Integer(),
      lotLabel: Type.String(),
      opensAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
    Type.Null(),
  ]),
});

/** A meia-entrada category and the documents the door accepts. */
export const MeiaCategorySchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' }),
  label: Type.String({ minLength: 1, maxLength: 80 }),
  documents: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { minItems: 1, maxItems: 10 }),
});

/** An event's meia-entrada quota with its live counter ("Restam 312 de 800 meias-entradas"). */
export const MeiaEntradaSchema = Type.Object({
  eventId: Type.Integer(),
  total: Type.Integer(),
  available: Type.Integer(),
  label: Type.String(),
  categories: Type.Array(MeiaCategorySchema),
});

/** `PUT /events/{id}/meia-entrada`: the producer's policy. */
export const MeiaPolicyBodySchema = Type.Object({
  /** Share of the tickets offered at half price, basis points: 4000 (40%, the legal minimum) to 10000. */
  percentBps: Type.Optional(Type.Integer({ minimum: 4000, maximum: 10_000 })),
  /** Meias offered beyond the share. */
  extra: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** State categories the event also accepts (federal ones always apply). */
  stateCategories: Type.Optional(Type.Array(MeiaCategorySchema, { maxItems: 20 })),
});

/** A numeric event id in the path. */
export const EventIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A product with its availability. */
export const ProductSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  image: Type.String(),
  priceCents: Type.Integer(),
  available: Type.Integer(),
  perOrderLimit: Type.Integer(),
});

/** A resale offer. */
export const ResaleSchema = Type.Object({
  resaleId: Type.Integer(),
  ticketTypeId: Type.Integer(),
  name: Type.String(),
  n_number: Type.Integer(),
  priceCents: Type.Integer(),
  originalTicketId: Type.Integer(),
  seatId: Type.Union([Type.Integer(), Type.Null()]),
  /** A meia-entrada ticket's category ("Estudante"); the beneficiary's name is never shown. */
  meiaCategoryLabel: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

/** `GET /events/{id}`. */
export const EventDetailSchema = Type.Intersect([
  EventSummarySchema,
  Type.Object({
    description: Type.String(),
    producerId: Type.Union([Type.Integer(), Type.Null()]),
    serviceFeeBps: Type.Integer(),
    refundPolicy: Type.Optional(Type.String({ description: "The producer's refund policy ('' when none)" })),
    ticketTypes: Type.Array(TicketTypeSchema),
    products: Type.Array(ProductSchema),
    resale: Type.Array(ResaleSchema),
    meiaEntrada: MeiaEntradaSchema,
  }),
]);

/** `GET /events` query: search text, exact slug, period and paging. */
export const EventListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  slug: Type.Optional(Type.String({ maxLength: 200 })),
  period: Type.Optional(Type.Union([Type.Literal('upcoming'), Type.Literal('past'), Type.Literal('all')])),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

/** `GET /events` answer: one page of events and the total matching. */
export const EventListSchema = Type.Object({
  data: Type.Array(EventSummarySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});

/** `GET /events/{id}` path: an event id or slug. */
export const EventIdOrSlugParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
