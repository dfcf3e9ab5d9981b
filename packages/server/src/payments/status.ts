/**
 * The order's payment status for polling, refreshed from the providers first so that a
 * lost webhook never strands a payment.
 */
import type { PaymentStatusAnswer } from '@plateia/core/contracts/payments';
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute } from '../db/sql.ts';
import { applyCardCharge } from './card.ts';
import type { PaymentDeps } from './deps.ts';
import { cardMessage } from './messages.ts';
import { loadOrder, ownedOrder, type PayableOrder } from './order.ts';
import { confirmPix } from './pix.ts';
import { type PaymentRow, paymentWhere, pendingPayments } from './records.ts';

/**
 * The order's status, refreshed from the providers: an open PIX charge is checked with the
 * PSP (so a lost webhook never strands a payment) and a pending card charge with the gateway.
 * An unpaid charge whose reservation expired is removed at the PSP.
 */
export async function paymentStatus(
  db: Database,
  deps: PaymentDeps,
  customerId: number,
  orderId: number,
): Promise<PaymentStatusAnswer> {
  let order = await ownedOrder(db, customerId, orderId);
  const now = deps.now();
  // An expired order is checked too: a PIX paid at the last second may still be honoured.
  if (order.status === 'reserved' || order.status === 'expired') {
    for (const payment of await pendingPayments(db, orderId)) {
      await refreshPayment(db, deps, order, payment, now);
    }
    order = (await loadOrder(db, orderId))!;
  }
  const latest = await paymentWhere(
    db,
    sql`order_id = ${orderId} ORDER BY (status = 'approved') DESC, id DESC`,
  );
  const status = displayedStatus(order, latest, now);
  return {
    orderId: order.id,
    orderNumber: order.number,
    status,
    totalCents: order.totalCents,
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt ? order.paidAt.toISOString() : null,
    message: statusMessage(status, latest),
    payment: latest
      ? { id: latest.id, method: latest.method, status: latest.status, txid: latest.txid }
      : null,
  };
}

/** Asks the PSP or gateway about one pending payment and applies what it says (reconcile.ts too). */
export async function refreshPayment(
  db: Database,
  deps: PaymentDeps,
  order: PayableOrder,
  payment: PaymentRow,
  now: Date,
): Promise<void> {
  try {
    if (payment.method === 'pix' && payment.txid) {
      const result = await confirmPix(db, deps, payment.txid);
      if (result === 'not_confirmed' && order.expiresAt.getTime() <= now.getTime()) {
        // The reservation is over: close the charge so it can no longer be paid.
        await deps.providers.pix.removeCharge(payment.txid).catch(() => {});
        await execute(
          db,
          sql`UPDATE payments SET status = 'expired', updated_at = now() WHERE id = ${payment.id} AND status = 'pending'`,
        );
      }
    } else if (payment.method === 'card' && payment.gateway_charge_id) {
      const charge = await deps.providers.card.getCharge(payment.gateway_charge_id);
      if (charge && charge.status !== 'pending') await applyCardCharge(db, deps, payment, charge);
    }
  } catch (error) {
    // The provider being down only means the status is not refreshed this time.
    deps.log.warn({ err: error, paymentId: payment.id }, 'payment status refresh failed');
  }
}

/** The status shown to the buyer: an overdue reservation is expired, money to give back wins. */
function displayedStatus(
  order: PayableOrder,
  latest: PaymentRow | null,
  now: Date,
): PaymentStatusAnswer['status'] {
  let status: PaymentStatusAnswer['status'] = order.status;
  if (status === 'reserved' && order.expiresAt.getTime() <= now.getTime()) status = 'expired';
  if (status !== 'paid' && latest?.status === 'refund_required') status = 'refund_required';
  return status;
}

/** The pt-BR message for a status; while waiting, it depends on how the buyer is paying. */
function statusMessage(status: PaymentStatusAnswer['status'], latest: PaymentRow | null): string {
  if (status === 'paid') return PAYMENT_ANSWER_MESSAGES.approved;
  if (status === 'refund_required') return PAYMENT_ANSWER_MESSAGES.refundRequired;
  if (status === 'expired') return PAYMENT_ANSWER_MESSAGES.expired;
  if (status === 'cancelled') return PAYMENT_ANSWER_MESSAGES.cancelled;
  if (latest?.method === 'card') return cardMessage(latest.status, latest.status_detail);
  return PAYMENT_ANSWER_MESSAGES.pixWaiting;
}
