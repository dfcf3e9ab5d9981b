import { Type } from 'typebox';

/** `POST /pixel/add` body (spec field names). */
export const PixelHitBodySchema = Type.Object({
  hash: Type.String({ maxLength: 200 }),
  ismobile: Type.Union([Type.Boolean(), Type.Integer({ minimum: 0, maximum: 1 })]),
  evtid: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  tipo: Type.Integer({ minimum: 1, maximum: 99 }),
});
