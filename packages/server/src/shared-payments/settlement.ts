/**
 * A share's PIX payment arriving (docs/shared-payments.md, "Money"), inside the payment's
 * settlement transaction (payments/settlement.ts): the share is credited once, its money
 * waits in clearing, and the last share settles the order. A share paid after its group
 * closed is kept for a refund.
 */
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { postMovement } from '../ledger/index.ts';
import { type SettleOutcome, settleOrder } from '../orders/fulfilment.ts';
import { orderSplitLegs, paymentMovementKey, postUnfulfilledPayment } from '../payments/ledger.ts';
import type { PaymentRow } from '../payments/records.ts';
import { closeUnpaidGroup } from './close.ts';
import { startLongHold } from './create.ts';

/** What a share's payment did, for the payment's own update. */
export interface ShareSettlement {
  result: 'settled' | 'duplicate' | 'refund_required';
  /** The payment's new status; null leaves it as it is. */
  paymentStatus: 'approved' | 'refund_required' | null;
  /** The order's sale, when this share was the last one. */
  paid?: Extract<SettleOutcome, { kind: 'paid' }>;
}

/**
 * Settles `payment` as a share of its group; null when it is not a share's payment. The group
 * row is locked first, so two shares arriving together are counted one after the other and
 * only the last settles the order. `paidAt` (the PSP's time of the PIX) decides whether it
 * came before the group closed.
 */
export async function settleSharePayment(
  tx: Queryable,
  payment: PaymentRow,
  paidAt: Date,
  now: Date,
): Promise<ShareSettlement | null> {
  if (payment.shared_payment_id === null || payment.shared_payment_id === undefined) return null;
  const groupId = Number(payment.shared_payment_id);
  const group = await selectOne<{
    status: string;
    closes_at: string | Date;
    order_id: number;
    leader_id: number;
  }>(
    tx,
    sql`SELECT status, closes_at, order_id, leader_id FROM shared_payments WHERE id = ${groupId} FOR UPDATE`,
  );
  const share = await selectOne<{ id: number; status: string; position: number }>(
    tx,
    sql`SELECT id, status, position FROM shared_payment_shares WHERE payment_id = ${payment.id} FOR UPDATE`,
  );
  if (!group || !share) return null;
  if (share.status !== 'pending') return { result: 'duplicate', paymentStatus: null };
  const at = paidAt.toISOString();
  const inTime = group.status === 'open' && paidAt.getTime() < new Date(group.closes_at).getTime();
  if (!inTime) {
    // Late: the money is owed back (the refunds sweep sends the devolução).
    await execute(
      tx,
      sql`UPDATE shared_payment_shares SET status = 'refunding', paid_at = ${at}::timestamptz WHERE id = ${share.id}`,
    );
    await postUnfulfilledPayment(tx, payment, now);
    return { result: 'refund_required', paymentStatus: 'refund_required' };
  }
  await execute(
    tx,
    sql`UPDATE shared_payment_shares SET status = 'paid', paid_at = ${at}::timestamptz WHERE id = ${share.id}`,
  );
  await postMovement(tx, {
    idempotencyKey: paymentMovementKey(payment.id),
    kind: 'shared_share',
    legs: [
      { account: { kind: 'pix_in' }, amountCents: -payment.amount_cents },
      { account: { kind: 'platform_clearing' }, amountCents: payment.amount_cents },
    ],
    customerId: Number(group.leader_id),
    orderId: payment.order_id,
    paymentId: payment.id,
    at: now,
  });
  const pending = await selectOne<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM shared_payment_shares WHERE shared_payment_id = ${groupId} AND status = 'pending'`,
  );
  if (Number(pending?.n ?? 0) > 0) {
    if (Number(share.position) !== 1) return { result: 'settled', paymentStatus: 'approved' };
    // The leader's own share: only now does the order stay held until the group closes. A
    // reservation already over by then cannot be held any more: the group closes, every paid
    // share goes back.
    if (await startLongHold(tx, payment.order_id, new Date(group.closes_at), paidAt)) {
      return { result: 'settled', paymentStatus: 'approved' };
    }
    await closeUnpaidGroup(tx, groupId, now);
    return { result: 'refund_required', paymentStatus: 'refund_required' };
  }

  const outcome = await settleOrder(tx, payment.order_id, now);
  if (outcome?.kind === 'paid') {
    await execute(
      tx,
      sql`UPDATE shared_payments SET status = 'completed', closed_at = ${now.toISOString()}::timestamptz WHERE id = ${groupId}`,
    );
    await postGroupRevenue(tx, groupId, payment.order_id, now);
    return { result: 'settled', paymentStatus: 'approved', paid: outcome };
  }
  // Every share is in but the order cannot be honoured (cancelled, or its stock gone): the
  // group closes as expired and every share goes back.
  await closeUnpaidGroup(tx, groupId, now);
  return { result: 'refund_required', paymentStatus: 'refund_required' };
}

/**
 * The order's revenue, recognised once when the group completes: what the shares put in
 * clearing goes to the producer and the platform's fees as a single payment's would; resale
 * prices stay in clearing for the resale settlement.
 */
async function postGroupRevenue(tx: Queryable, groupId: number, orderId: number, at: Date): Promise<void> {
  const { legs, customerId } = await orderSplitLegs(tx, orderId, { kind: 'platform_clearing' });
  await postMovement(tx, {
    idempotencyKey: `shared-payment:${groupId}`,
    kind: 'shared_payment',
    legs,
    customerId,
    orderId,
    at,
  });
}
