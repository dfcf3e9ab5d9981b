import { Type } from 'typebox';
import { IdSchema } from './common.ts';

/** A member's role. */
export const OrganisationRoleSchema = Type.Union([
  Type.Literal('owner'),
  Type.Literal('manager'),
  Type.Literal('box_office'),
  Type.Literal('door'),
  Type.Literal('viewer'),
]);

/** `POST /organisations` and `PUT /organisations/:organisationId`. */
export const OrganisationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    document: Type.String({
      minLength: 1,
      maxLength: 30,
      description: 'CPF or CNPJ (alphanumeric included)',
    }),
    contactEmail: Type.String({ minLength: 3, maxLength: 254 }),
    contactPhone: Type.String({ minLength: 8, maxLength: 30 }),
  },
  { additionalProperties: false },
);

/** An organisation with the asking member's role. */
export const OrganisationSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  document: Type.Union([Type.String(), Type.Null()]),
  contactEmail: Type.String(),
  contactPhone: Type.String(),
  role: OrganisationRoleSchema,
});

/** `GET /organisations`. */
export const OrganisationListSchema = Type.Object({ organisations: Type.Array(OrganisationSchema) });

/** `:organisationId` in the path. */
export const OrganisationParams = Type.Object({ organisationId: IdSchema });

/** `:organisationId/members/:customerId` in the path. */
export const MemberParams = Type.Object({ organisationId: IdSchema, customerId: IdSchema });

/** `:organisationId/invitations/:invitationId` in the path. */
export const InvitationParams = Type.Object({ organisationId: IdSchema, invitationId: IdSchema });

/** A member of the team. */
export const MemberSchema = Type.Object({
  customerId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: OrganisationRoleSchema,
  addedAt: Type.String({ format: 'date-time' }),
});

/** `GET /organisations/:organisationId/members`. */
export const MemberListSchema = Type.Object({ members: Type.Array(MemberSchema) });

/** `PUT /organisations/:organisationId/members/:customerId`. */
export const MemberRoleBody = Type.Object({ role: OrganisationRoleSchema }, { additionalProperties: false });

/** `POST /organisations/:organisationId/invitations`. */
export const InvitationBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), role: OrganisationRoleSchema },
  { additionalProperties: false },
);

/** An open invitation. */
export const InvitationSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  role: OrganisationRoleSchema,
  expiresAt: Type.String({ format: 'date-time' }),
});

/** `POST /organisations/:organisationId/invitations` answer. */
export const InvitationAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  invitation: InvitationSchema,
});

/** `GET /organisations/:organisationId/invitations`. */
export const InvitationListSchema = Type.Object({ invitations: Type.Array(InvitationSchema) });

/** The invitation token from the link's fragment. */
export const InvitationTokenBody = Type.Object(
  { token: Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/** `POST /organisation-invitations/preview`. */
export const InvitationPreviewSchema = Type.Object({
  organisationId: Type.Integer(),
  organisationName: Type.String(),
  role: OrganisationRoleSchema,
  email: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});

/** `POST /organisation-invitations/accept`. */
export const InvitationAcceptedSchema = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  organisationId: Type.Integer(),
  role: OrganisationRoleSchema,
});

/** `GET` and `PUT /organisations/:organisationId/origins`. */
export const OriginsSchema = Type.Object({
  origins: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 }),
});

/** `PUT /organisations/:organisationId/origins` body. */
export const OriginsBody = Type.Object(
  { origins: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50 }) },
  { additionalProperties: false },
);

const Instant = Type.String({ format: 'date-time', maxLength: 40 });
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000 });

/** Where an event stands in the producer area. */
export const EventStatusSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('published'),
  Type.Literal('changed'),
  Type.Literal('cancelled'),
  Type.Literal('past'),
]);

/** A general-admission lot as the producer types it. */
export const DraftLotBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    priceCents: Cents,
    quantity: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
    perOrderLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    salesStart: Type.Optional(Instant),
    salesEnd: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

/** `POST /organisations/:organisationId/events`: a draft event with its general-admission lots. */
export const DraftEventBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    slug: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    venue: Type.String({ minLength: 1, maxLength: 200 }),
    city: Type.String({ minLength: 1, maxLength: 120 }),
    startsAt: Instant,
    endsAt: Instant,
    lots: Type.Array(DraftLotBody, { minItems: 1, maxItems: 50 }),
    meiaPercentBps: Type.Optional(Type.Integer({ minimum: 4000, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

/** `POST /organisations/:organisationId/events` answer. */
export const DraftEventAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  id: Type.Integer(),
  slug: Type.String(),
});

/** `GET /organisations/:organisationId/events`. */
export const OrganisationEventListSchema = Type.Object({
  events: Type.Array(
    Type.Object({
      id: Type.Integer(),
      slug: Type.String(),
      name: Type.String(),
      status: EventStatusSchema,
      startsAt: Type.String({ format: 'date-time' }),
      endsAt: Type.String({ format: 'date-time' }),
      ticketsSold: Type.Integer(),
    }),
  ),
});

/** `:eventId` in the path. */
export const EventParams = Type.Object({ eventId: IdSchema });

/** `POST /events/:eventId/publish` answer. */
export const PublishedAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** `GET /embedding-origins/check?origin=`. */
export const OriginCheckQuery = Type.Object({ origin: Type.String({ minLength: 1, maxLength: 200 }) });

/** Whether the origin may embed the elements and frame the card fields. */
export const OriginCheckSchema = Type.Object({ allowed: Type.Boolean() });

const NullableInstant = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

/** A lot as its producer manages it. */
export const ManagedLotSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  lotNumber: Type.Integer(),
  priceCents: Type.Integer(),
  quantity: Type.Integer(),
  taken: Type.Integer(),
  perOrderLimit: Type.Integer(),
  salesStart: NullableInstant,
  salesEnd: NullableInstant,
  numbered: Type.Boolean(),
});

const HighDemandSchema = Type.Object(
  { queueOpensAt: Instant, saleStartsAt: Instant },
  { additionalProperties: false },
);

/** `GET /events/:eventId/manage`. */
export const ManagedEventSchema = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  venue: Type.String(),
  city: Type.String(),
  startsAt: Type.String({ format: 'date-time' }),
  endsAt: Type.String({ format: 'date-time' }),
  status: EventStatusSchema,
  refundPolicy: Type.String(),
  highDemand: Type.Union([HighDemandSchema, Type.Null()]),
  lots: Type.Array(ManagedLotSchema),
});

/** `PUT /events/:eventId/manage`. */
export const EventEditBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    venue: Type.String({ minLength: 1, maxLength: 200 }),
    city: Type.String({ minLength: 1, maxLength: 120 }),
    startsAt: Instant,
    endsAt: Instant,
    refundPolicy: Type.Optional(Type.String({ maxLength: 4000 })),
    highDemand: Type.Optional(Type.Union([HighDemandSchema, Type.Null()])),
  },
  { additionalProperties: false },
);

/** `PUT /events/:eventId/manage` answer. */
export const EventEditAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  changed: Type.Boolean(),
  event: ManagedEventSchema,
});

/** `POST /events/:eventId/lots` answer. */
export const LotAddedAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  lot: ManagedLotSchema,
});
