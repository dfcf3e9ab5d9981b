import { Type } from 'typebox';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/event-types.ts';
import { IdSchema } from './common.ts';

/** `:organisationId/webhooks/:endpointId` in the path. */
export const WebhookEndpointParams = Type.Object({ organisationId: IdSchema, endpointId: IdSchema });

/** `:organisationId/webhook-deliveries/:deliveryId` in the path. */
export const WebhookDeliveryParams = Type.Object({ organisationId: IdSchema, deliveryId: IdSchema });

const EventTypes = Type.Array(Type.String({ maxLength: 60 }), {
  maxItems: 20,
  description: `Any of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});

/** `POST /organisations/:organisationId/webhooks`. */
export const WebhookEndpointBody = Type.Object(
  {
    url: Type.String({ maxLength: 2000 }),
    eventTypes: EventTypes,
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** `PUT /organisations/:organisationId/webhooks/:endpointId`: what changes (fields left out stay). */
export const WebhookEndpointChanges = Type.Object(
  {
    url: Type.Optional(Type.String({ maxLength: 2000 })),
    eventTypes: Type.Optional(EventTypes),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** An endpoint as listed (never its secret). */
export const WebhookEndpointSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  eventTypes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});

/** The answer to creating an endpoint: its signing secret, shown this once. */
export const CreatedWebhookEndpointSchema = Type.Object({
  ...WebhookEndpointSchema.properties,
  secret: Type.String({ description: 'whsec_… — shown only in this answer' }),
  message: Type.String(),
});

/** `GET /organisations/:organisationId/webhooks`. */
export const WebhookEndpointListSchema = Type.Object({
  endpoints: Type.Array(WebhookEndpointSchema),
  eventTypes: Type.Array(Type.String(), { description: 'Every event type an endpoint may ask for' }),
});

/** `GET /organisations/:organisationId/webhook-deliveries`. */
export const WebhookDeliveriesQuery = Type.Object(
  {
    endpointId: Type.Optional(IdSchema),
    before: Type.Optional(IdSchema),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  },
  { additionalProperties: false },
);

/** One try of a delivery. */
const WebhookAttemptSchema = Type.Object({
  attempt: Type.Integer(),
  manual: Type.Boolean(),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  durationMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  attemptedAt: Type.String({ format: 'date-time' }),
});

/** A page of the delivery log. */
export const WebhookDeliveryPageSchema = Type.Object({
  deliveries: Type.Array(
    Type.Object({
      id: Type.Integer(),
      endpointId: Type.Integer(),
      messageId: Type.String(),
      type: Type.String(),
      status: Type.String({ description: 'pending, succeeded, failed or skipped' }),
      attempts: Type.Array(WebhookAttemptSchema),
      createdAt: Type.String({ format: 'date-time' }),
      payload: Type.Unknown(),
    }),
  ),
  nextBefore: Type.Union([Type.Integer(), Type.Null()]),
});

/** A redelivery queued. */
export const RedeliverySchema = Type.Object({ success: Type.Boolean(), message: Type.String() });
