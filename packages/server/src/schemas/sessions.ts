import { Type } from 'typebox';
import { IdSchema } from './common.ts';

/** One live login of the customer (core's `SessionSummary`). */
export const SessionSummarySchema = Type.Object({
  id: Type.Integer(),
  userAgent: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
  current: Type.Boolean(),
});

/** `GET /customer/sessions` answer. */
export const SessionListSchema = Type.Object({ data: Type.Array(SessionSummarySchema) });

/** `POST /customer/sessions/{sessionId}/revoke` path. */
export const SessionParams = Type.Object({ sessionId: IdSchema });

/** `POST /customer/sessions/revoke-all` answer. */
export const RevokeAllSchema = Type.Object({ success: Type.Boolean(), revoked: Type.Integer() });
