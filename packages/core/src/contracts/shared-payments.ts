// Shared-payment wire shapes: a leader splits a reserved order's payment with friends, each
// share paid by its own PIX charge. The API host answers them and the client reads them;
// docs/shared-payments.md describes the flow.
import type { PixCharge } from './payments.ts';

/**
 * `open`: collecting shares; `completed`: every share paid, the order paid and its tickets
 * issued; `expired`: closed without every share paid, the paid ones given back and the
 * order cancelled.
 */
export type SharedPaymentStatus = 'open' | 'completed' | 'expired';

/** `cancelled`: an unpaid share of an expired group. */
export type ShareStatus = 'pending' | 'paid' | 'refunding' | 'refunded' | 'cancelled';

/** One participant's part of a shared payment. */
export interface ShareView {
  id: number;
  /** 1 is the leader. */
  position: number;
  /** The leader sees every e-mail; a participant sees the others' masked ("j***@gmail.com"). */
  email: string;
  /** The first name of the account with that e-mail, when one exists. */
  name: string | null;
  isLeader: boolean;
  /** Whether the share belongs to whoever asked. */
  isViewer: boolean;
  /** Cents. */
  amountCents: number;
  /** Tickets this participant receives when the group completes. */
  tickets: number;
  status: ShareStatus;
  paidAt: string | null;
  refundedAt: string | null;
  emailSentAt: string | null;
}

/** The event a shared payment buys for. */
export interface SharedPaymentEvent {
  id: number;
  name: string;
  startsAt: string;
  venue: string | null;
  imageUrl: string | null;
}

/** `GET /shared-payments/status/{id}` and the answer of `POST /shared-payments/create`. */
export interface SharedPaymentView {
  id: number;
  status: SharedPaymentStatus;
  orderId: number;
  orderNumber: string;
  event: SharedPaymentEvent;
  /** Cents: the order's total, which the shares add up to. */
  totalCents: number;
  /** Cents received so far. */
  paidCents: number;
  /** Until when every participant may pay (ISO). */
  deadline: string;
  /** The deadline plus the leader's grace: when the group closes (ISO). */
  closesAt: string;
  createdAt: string;
  leader: { userId: number; name: string | null };
  viewerRole: 'leader' | 'participant';
  shares: ShareView[];
}

/** A shared payment without its shares. */
export type SharedPaymentSummary = Omit<SharedPaymentView, 'shares'>;

/** `GET /shared-payments/payment/{shareId}`: one share's page, with its PIX charge. */
export interface SharePaymentView {
  share: ShareView;
  sharedPayment: SharedPaymentSummary;
  /** The share's PIX charge while this viewer may pay it, else null. */
  pix: PixCharge | null;
  /** pt-BR line on where the share stands. */
  message: string;
}

/** One row of `GET /shared-payments/user/{userId}` and `/user-all/{userId}`. */
export interface SharedPaymentListItem extends SharedPaymentSummary {
  sharesPaid: number;
  sharesTotal: number;
}

/** A page of shared payments, newest first. */
export interface SharedPaymentPage {
  items: SharedPaymentListItem[];
  page: number;
  limit: number;
  total: number;
}

/** One share as the leader asks for it. */
export interface ShareRequest {
  email: string;
  /** Cents. */
  amountCents: number;
  tickets: number;
}

/** `POST /shared-payments/create`: the first share is the leader's own e-mail. */
export interface CreateSharedPaymentRequest {
  orderId: number;
  /** ISO; default now + 24 h, clipped by the rules of `rules/shared-payments`. */
  deadline?: string;
  shares: ShareRequest[];
}

/** `POST /shared-payments/resend-emails/{id}`. */
export interface ResendSharedPaymentEmailsRequest {
  emails: string[];
}

export interface ResendSharedPaymentEmailsAnswer {
  sent: string[];
}
