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

/** What each event type is about: the id a domain passes when it emits one. */
export const SUBJECT_OF: Record<WebhookEventType, 'order' | 'ticket' | 'event'> = {
  'order.paid': 'order',
  'ticket.refunded': 'ticket',
  'ticket.transferred': 'ticket',
  'ticket.checked_in': 'ticket',
  'event.changed': 'event',
  'event.cancelled': 'event',
};
