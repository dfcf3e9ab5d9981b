/**
 * Refunds as the API host answers them (docs/refunds.md): `GET /refunds`,
 * `POST /refunds/tickets/{id}`, `POST /refunds/orders/{id}`, `POST /refunds/{id}/pix-key`.
 */
import type { RefundPolicyReason } from '../rules/refund-policy.ts';

/** A refund's state: requested → processing → refunded, or failed → retried, or waiting for a PIX key. */
export type RefundStatus = 'requested' | 'processing' | 'refunded' | 'failed' | 'needs_pix_key';

/** Where the money goes back. */
export type RefundMethod = 'pix' | 'card' | 'wallet';

/** One refund. */
export interface Refund {
  id: number;
  orderId: number;
  orderNumber: string;
  /** Null: the order's products (or a late payment with no tickets). */
  ticketId: number | null;
  reason: 'customer' | 'event_cancelled' | 'unfulfilled';
  method: RefundMethod;
  status: RefundStatus;
  /** What goes back, in cents: the ticket's price share plus its service fee share. */
  amountCents: number;
  /** The service fee inside `amountCents`. */
  feeCents: number;
  /** The part credited to the wallet (orders paid partly with it). */
  walletCents: number;
  statusDetail: string | null;
  /** ISO date-times. */
  createdAt: string;
  refundedAt: string | null;
}

/** Whether a ticket may be refunded now, and what would go back. */
export interface RefundOffer {
  ticketId: number;
  allowed: boolean;
  reason: RefundPolicyReason;
  message: string;
  deadline: string | null;
  amountCents: number;
  feeCents: number;
  /** The ticket's refund, once asked. */
  refund: Refund | null;
}
