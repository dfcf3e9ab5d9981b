import { Type } from 'typebox';

/** `POST /producer-applications`: the "Seja produtor" form. */
export const ProducerApplicationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.String({ minLength: 3, maxLength: 254 }),
    phone: Type.String({ minLength: 8, maxLength: 30 }),
    company: Type.Optional(Type.String({ maxLength: 120 })),
    city: Type.Optional(Type.String({ maxLength: 120 })),
    audience: Type.Union(
      ['ate-500', '500-2000', '2000-10000', 'mais-10000'].map((code) => Type.Literal(code)),
    ),
    event: Type.String({ minLength: 1, maxLength: 3000 }),
  },
  { additionalProperties: false },
);

/** `POST /producer-applications` answer. */
export const ProducerApplicationAnswer = Type.Object({
  success: Type.Boolean(),
  id: Type.Integer(),
  message: Type.String(),
});
