/**
 * An organisation's integrations on the wire (docs/integrations.md): its API tokens and its
 * webhook endpoints and deliveries, as the API host answers them and the producer area reads
 * them.
 */

/** What an organisation API token may be allowed to do (docs/integrations.md, "Scopes"). */
export const API_TOKEN_SCOPES = ['orders:read', 'webhooks:write'] as const;

/** One scope of an organisation API token. */
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The events an organisation's webhook endpoints may ask for (docs/integrations.md, "Events"). */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'ticket.refunded',
  'ticket.transferred',
  'ticket.checked_in',
  'event.changed',
  'event.cancelled',
] as const;

/** One webhook event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An API token as listed: never its secret. */
export interface ApiToken {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  /** The token's first characters, to tell tokens apart. */
  tokenStart: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A webhook endpoint as listed: never its signing secret. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

/** One try of a webhook delivery. */
export interface WebhookAttempt {
  attempt: number;
  manual: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: string;
}

/** One message to one endpoint, with its tries (newest first). */
export interface WebhookDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  type: string;
  status: 'pending' | 'succeeded' | 'failed' | 'skipped';
  attempts: WebhookAttempt[];
  createdAt: string;
  payload: unknown;
}
