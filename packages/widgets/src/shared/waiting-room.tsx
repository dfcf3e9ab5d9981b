/**
 * The link to the storefront's waiting room shown with a virtual queue's refusal (403
 * `queue_pass_required` / `_invalid` / `_expired`, docs/virtual-queue.md) by the checkout
 * (reservation, payment) and the seat picker (hold). Plain React; the script-tag build runs
 * it on preact/compat.
 */
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import type { EntityId } from '@plateia/core/rules/cart';
import type { ReactNode } from 'react';
import { storefrontPage } from './storefront-origin.ts';

/** The virtual queue's refusals (403 `queue_pass_*`), by their pt-BR message. */
const QUEUE_REFUSALS: readonly string[] = [
  QUEUE_MESSAGES.passRequired,
  QUEUE_MESSAGES.passInvalid,
  QUEUE_MESSAGES.passExpired,
];

/**
 * The storefront's waiting room of an event: `template` (`queue-url`, default
 * `/fila/{eventId}`) on the storefront the page names (the loader's address or
 * `PLATEIA_SITE_URL`), else on the page itself.
 */
export function waitingRoomUrl(template: string | undefined, eventId: EntityId): string {
  const path = (template || '/fila/{eventId}').replace('{eventId}', encodeURIComponent(String(eventId)));
  return storefrontPage(path);
}

/** "Ir para a sala de espera" after a virtual queue's refusal; nothing for any other message. */
export function QueueLink({
  message,
  eventId,
  queueUrl,
}: {
  message: string | null | undefined;
  eventId: EntityId | null | undefined;
  queueUrl: string | undefined;
}): ReactNode {
  if (!message || eventId == null || eventId === '' || !QUEUE_REFUSALS.includes(message)) return null;
  return (
    <a className="secondary queue-link" part="queue-link" href={waitingRoomUrl(queueUrl, eventId)}>
      Ir para a sala de espera
    </a>
  );
}
