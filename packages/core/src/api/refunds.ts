import type { Refund, RefundOffer } from '../contracts/refunds.ts';
import { REFUND_UI_MESSAGES } from '../messages/refunds.ts';
import { getJson, postJson } from './client.ts';

export type { Refund, RefundMethod, RefundOffer, RefundStatus } from '../contracts/refunds.ts';

/** `GET /refunds`: the customer's refunds and, per ticket, whether the policy allows one now. */
export function fetchRefunds(): Promise<{ refunds: Refund[]; offers: RefundOffer[] }> {
  return getJson('refunds', { fallback: REFUND_UI_MESSAGES.loadFailed, preferServerMessage: true });
}

/** `POST /refunds/tickets/{id}`: refunds one ticket (price and its service fee share). */
export function postTicketRefund(ticketId: number): Promise<{ refund: Refund }> {
  return postJson(
    `refunds/tickets/${ticketId}`,
    {},
    { fallback: REFUND_UI_MESSAGES.failed, preferServerMessage: true },
  );
}

/** `POST /refunds/{id}/pix-key`: another PIX key after the devoluções were not made. */
export function postRefundPixKey(refundId: number, chave: string): Promise<{ refund: Refund }> {
  return postJson(
    `refunds/${refundId}/pix-key`,
    { chave },
    { fallback: REFUND_UI_MESSAGES.failed, preferServerMessage: true },
  );
}
