import type { WebhookEventType } from '@plateia/core/contracts/integrations';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@plateia/core/contracts/integrations';

/** What each event type is about: the id a domain passes when it emits one. */
export const SUBJECT_OF: Record<WebhookEventType, 'order' | 'ticket' | 'event'> = {
  'order.paid': 'order',
  'ticket.refunded': 'ticket',
  'ticket.transferred': 'ticket',
  'ticket.checked_in': 'ticket',
  'event.changed': 'event',
  'event.cancelled': 'event',
};
