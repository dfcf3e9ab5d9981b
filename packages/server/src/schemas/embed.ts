import { Type } from 'typebox';

/** `POST /auth/embed-token`: the producer page's origin (scheme, host and port, no path). */
export const EmbedTokenBody = Type.Object(
  { origin: Type.String({ minLength: 8, maxLength: 200 }) },
  { additionalProperties: false },
);

/** The only customer data a producer's page ever sees: no e-mail, document, phone or address. */
export const EmbedUserSchema = Type.Object({ id: Type.Integer(), firstName: Type.String() });

/** A new embed token, when it ends at the latest, and who it is for. */
export const EmbedTokenSchema = Type.Object({
  token: Type.String(),
  expiresAt: Type.String(),
  user: EmbedUserSchema,
});

/** `GET /auth/session`: the minimal "who am I" of any token, the scope included. */
export const SessionWhoSchema = Type.Object({
  data: Type.Object({
    id: Type.Integer(),
    firstName: Type.String(),
    scope: Type.Union([Type.Literal('session'), Type.Literal('embed')]),
  }),
});
