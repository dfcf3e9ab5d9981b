import { Type } from 'typebox';
import { API_TOKEN_SCOPES } from '../api-tokens/scopes.ts';
import { IdSchema } from './common.ts';

/** `:organisationId/api-tokens/:tokenId` in the path. */
export const ApiTokenParams = Type.Object({ organisationId: IdSchema, tokenId: IdSchema });

/** `POST /organisations/:organisationId/api-tokens`. */
export const ApiTokenBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    scopes: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 10,
      description: `Any of ${API_TOKEN_SCOPES.join(', ')}`,
    }),
  },
  { additionalProperties: false },
);

/** A token as listed (never its secret). */
export const ApiTokenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  tokenStart: Type.String({ description: 'The first characters of the token' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** The answer to creating a token: the token itself, shown this once. */
export const CreatedApiTokenSchema = Type.Object({
  ...ApiTokenSchema.properties,
  token: Type.String({ description: 'plateia_org_… — shown only in this answer' }),
  message: Type.String(),
});

/** A token revoked. */
export const RevokedApiTokenSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** `GET /organisations/:organisationId/api-tokens`. */
export const ApiTokenListSchema = Type.Object({ tokens: Type.Array(ApiTokenSchema) });

/** `GET /organisations/:organisationId/orders`. */
export const OrganisationOrdersQuery = Type.Object(
  {
    eventId: Type.Optional(IdSchema),
    status: Type.Optional(
      Type.Union([
        Type.Literal('reserved'),
        Type.Literal('paid'),
        Type.Literal('expired'),
        Type.Literal('cancelled'),
      ]),
    ),
    before: Type.Optional(IdSchema),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  { additionalProperties: false },
);

/** One order as the organisation reads it, the buyer's CPF masked. */
export const OrganisationOrderSchema = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  eventId: Type.Integer(),
  eventName: Type.String(),
  status: Type.String(),
  subtotalCents: Type.Integer(),
  discountCents: Type.Integer(),
  feeCents: Type.Integer(),
  totalCents: Type.Integer(),
  tickets: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
  paidAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  buyer: Type.Object({
    name: Type.String(),
    email: Type.String(),
    cpf: Type.Union([Type.String({ description: '***.456.789-**' }), Type.Null()]),
  }),
});

/** A page of orders; `nextBefore` asks for the next one. */
export const OrganisationOrderPageSchema = Type.Object({
  orders: Type.Array(OrganisationOrderSchema),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});
