import { Type } from 'typebox';
import { PlainText } from './accounts.ts';

/** `POST /customer/cpf-claim`: the CPF, an identity document in which it appears, a note. */
export const CpfClaimBody = Type.Object({
  cpf: PlainText({ minLength: 1, maxLength: 20 }),
  fileBase64: Type.String({ minLength: 1, maxLength: 7_100_000 }),
  fileName: Type.String({ minLength: 1, maxLength: 255 }),
  note: Type.Optional(PlainText({ maxLength: 1000 })),
});

/** A claim as its claimant sees it. */
export const CpfClaimSchema = Type.Object({
  id: Type.Integer(),
  cpf: Type.String(),
  status: Type.Union([
    Type.Literal('open'),
    Type.Literal('released'),
    Type.Literal('upheld'),
    Type.Literal('rejected'),
    Type.Literal('withdrawn'),
  ]),
  createdAt: Type.String(),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
  supportRequestId: Type.Union([Type.Integer(), Type.Null()]),
});

/** `GET /customer/cpf-claim`: one's latest claim and whether one's own CPF is claimed by someone else. */
export const CpfStandingSchema = Type.Object({
  claim: Type.Union([CpfClaimSchema, Type.Null()]),
  disputed: Type.Boolean(),
});

/** `POST /customer/cpf-claim` answer. */
export const CpfClaimAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  claim: CpfClaimSchema,
});
