/**
 * Refunds from "Meus Ingressos" (docs/refunds.md): per ticket, whether the policy allows a
 * refund now (with its pt-BR reason and the amount, fee included) and the refund once asked;
 * the actions ask for a ticket's refund and give another PIX key. Each action refreshes the
 * tickets (a refunded ticket's code dies at once) and the offers, and says how it went in a toast.
 */
import { atom } from 'nanostores';
import { ApiError } from '../api/client.ts';
import { fetchRefunds, postRefundPixKey, postTicketRefund } from '../api/refunds.ts';
import type { Refund, RefundOffer } from '../contracts/refunds.ts';
import { REFUND_UI_MESSAGES } from '../messages/refunds.ts';
import { loadMyTickets } from './tickets.ts';
import { showToast } from './toasts.ts';

/** Per ticket id: the policy's answer now and the ticket's refund, if any. */
export const $refundOffers = atom<Readonly<Record<number, RefundOffer>>>({});
/** The customer's refunds, newest first (tickets, orders' products, late payments). */
export const $myRefunds = atom<readonly Refund[]>([]);

let reading: Promise<void> | null = null;

/** Reads the offers and refunds (one read at a time); a failure leaves the last ones shown. */
export function loadRefunds(): Promise<void> {
  reading ??= fetchRefunds()
    .then(({ refunds, offers }) => {
      $myRefunds.set(refunds);
      $refundOffers.set(Object.fromEntries(offers.map((offer) => [offer.ticketId, offer])));
    })
    .catch(() => {
      // The ticket list still shows its status; the refund action waits for the next read.
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}

async function runRefundAction(call: () => Promise<unknown>, success: string): Promise<boolean> {
  try {
    await call();
    showToast({ kind: 'success', message: success });
    return true;
  } catch (error) {
    showToast({
      kind: 'error',
      message: error instanceof ApiError ? error.message : REFUND_UI_MESSAGES.failed,
    });
    return false;
  } finally {
    await Promise.all([loadMyTickets().catch(() => {}), loadRefunds()]);
  }
}

/** Asks for a ticket's refund: the ticket is cancelled at once and the money goes back the way it came. */
export function requestTicketRefund(ticketId: number): Promise<boolean> {
  return runRefundAction(() => postTicketRefund(ticketId), REFUND_UI_MESSAGES.done);
}

/** Gives another PIX key to a refund waiting for one. */
export function giveRefundPixKey(refundId: number, chave: string): Promise<boolean> {
  return runRefundAction(() => postRefundPixKey(refundId, chave.trim()), REFUND_UI_MESSAGES.pixKeySent);
}
