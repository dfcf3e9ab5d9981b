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
