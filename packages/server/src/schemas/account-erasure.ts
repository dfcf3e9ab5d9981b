import { Type } from 'typebox';

/** `GET /customer/erasure`: what keeps the account now (empty when it may be erased). */
export const ErasurePreviewSchema = Type.Object({
  blockers: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
});

/** `POST /customer/erasure`: the 6-digit code e-mailed by `POST /customer/erasure/code`. */
export const ErasureBody = Type.Object({
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});

/** `{ success, message }` answers of the erasure routes. */
export const ErasureAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
