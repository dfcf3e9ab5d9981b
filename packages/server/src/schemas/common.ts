import { Type } from 'typebox';

// Pieces every resource's schemas share. One schema per answer drives validation, the
// TypeScript types and the OpenAPI document.

/** Every error answer: a machine code and a pt-BR message (docs/architecture.md). */
export const ErrorSchema = Type.Object({ error: Type.String(), message: Type.String() });

/** `{ success: true }` answers. */
export const SuccessSchema = Type.Object({ success: Type.Boolean() });

/** A database id as the API takes it (a PostgreSQL `integer`). */
export const IdSchema = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A browser session id (spec: a random UUID kept per browser session). */
export const SessionIdSchema = Type.String({ minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
