import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// The virtual queue's calls (docs/virtual-queue.md); shapes in @plateia/core/contracts/queue.

/** `/queue/{eventId}…` path parameters. */
export const QueueParams = Type.Object({ eventId: IdSchema });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** `GET /queue/{eventId}`. */
export const QueueStateSchema = Type.Object({
  eventId: Type.Integer(),
  eventName: Type.String(),
  opensAt: Type.String(),
  saleStartsAt: Type.String(),
  phase: Type.Union([Type.Literal('scheduled'), Type.Literal('open'), Type.Literal('selling')]),
  commitment: Type.String(),
  seed: Nullable(Type.String()),
  preQueueSize: Type.Integer(),
  admittedThrough: Type.Integer(),
  waiting: Type.Integer(),
  checkoutCapacity: Type.Integer(),
});

/** `GET /queue/{eventId}/me`, `POST /queue/{eventId}/join`. */
export const QueueEntrySchema = Type.Object({
  eventId: Type.Integer(),
  status: Type.Union([
    Type.Literal('none'),
    Type.Literal('waiting'),
    Type.Literal('admitted'),
    Type.Literal('expired'),
  ]),
  publicId: Nullable(Type.String()),
  preQueue: Type.Boolean(),
  place: Nullable(Type.Integer()),
  ahead: Nullable(Type.Integer()),
  estimatedWaitSeconds: Nullable(Type.Integer()),
  pass: Nullable(Type.String()),
  passExpiresAt: Nullable(Type.String()),
});

/** `GET /queue/{eventId}/verification`. */
export const QueueVerificationSchema = Type.Object({
  eventId: Type.Integer(),
  commitment: Type.String(),
  seed: Nullable(Type.String()),
  order: Type.Array(Type.String()),
});

/** `POST /dev/queue/events` body (development only). */
export const DevQueueEventBody = Type.Object({
  saleInSeconds: Type.Integer({ minimum: 0, maximum: 86_400 }),
  capacity: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});

/** `POST /dev/queue/events` answer. */
export const DevQueueEventAnswer = Type.Object({ eventId: Type.Integer(), slug: Type.String() });
