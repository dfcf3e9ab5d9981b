/**
 * An order's own payment arriving (PIX or card, not a shared payment's share): the purpose
 * payments settles a paid `payments` row with (payments/deps.ts), inside its transaction.
 */
import type { Queryable } from '../db/sql.ts';
import type { PaidCharge, PurposeSettlement } from '../payments/deps.ts';
import { postOrderPayment, postUnfulfilledPayment } from '../payments/ledger.ts';
import { loadOrder } from '../payments/order.ts';
import { spendWalletPart, walletPartCompletes } from '../wallet/order-part.ts';
import { sendConfirmations } from './confirmation.ts';
import { type SettleOutcome, settleOrder } from './fulfilment.ts';

/**
 * Sells the order the payment is for, with its `order_payment` movement and its wallet part
 * spent; the confirmations go after COMMIT. Money for an order that cannot be honoured (paid
 * by another payment, cancelled, stock gone after expiry, its wallet part given back) is kept
 * for a refund: `order_unfulfilled` (docs/payments.md, "Late payments and refunds").
 */
export async function settleOrderPayment(
  tx: Queryable,
  { payment, lockedStatus }: PaidCharge,
  now: Date,
): Promise<PurposeSettlement> {
  // With the order's wallet part this payment must make the total (wallet/checkout.ts); a
  // part already given back to the wallet leaves the order unpayable by it.
  const completes = await walletPartCompletes(tx, payment.order_id, payment.amount_cents);
  const outcome: SettleOutcome | null = completes
    ? await settleOrder(tx, payment.order_id, now)
    : await unavailableOrder(tx, payment.order_id);
  if (!outcome) return { result: 'not_found', paymentStatus: null };
  if (outcome.kind === 'paid') {
    await postOrderPayment(tx, payment, now);
    await spendWalletPart(tx, payment.order_id, now);
    return {
      result: 'settled',
      paymentStatus: 'approved',
      afterCommit: (db, deps) => sendConfirmations(db, deps, outcome),
    };
  }
  // Paid by this very payment before: nothing more to do.
  if (outcome.kind === 'already_paid' && lockedStatus === 'approved') {
    return { result: 'duplicate', paymentStatus: null };
  }
  await postUnfulfilledPayment(tx, payment, now);
  return { result: 'refund_required', paymentStatus: 'refund_required' };
}

/** The order as settlement reports one it cannot honour with this payment. */
async function unavailableOrder(tx: Queryable, orderId: number): Promise<SettleOutcome | null> {
  const order = await loadOrder(tx, orderId, true);
  return order ? { kind: 'unavailable', order } : null;
}
