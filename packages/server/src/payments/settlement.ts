/**
 * Settling a payment: the payment's own update and what it pays for, in one transaction,
 * then the purpose's after-commit work (the confirmation e-mails). What a paid `payments`
 * row is for (an order, a shared payment's share) is the purpose the wiring registered
 * (deps.ts); payments records the receipt and the payment's new status.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { CardCharge } from './card/gateway.ts';
import type { PaymentDeps, PurposeSettlement, SettlementResult } from './deps.ts';
import type { PaymentRow } from './records.ts';

/** A PIX payment the PSP confirmed. */
export interface PixProof {
  endToEndId: string;
  amountCents: number;
  paidAt: Date;
}

/** What says the money arrived: the PSP's PIX record, or the gateway's approved card charge. */
export type PaymentProof = { pix: PixProof; card?: undefined } | { pix?: undefined; card: CardCharge };

/**
 * Settles what `payment` pays for in one transaction with the payment's own update. For PIX
 * the confirmed payment's endToEndId is recorded first: a second delivery of it stops there.
 */
export async function settlePayment(
  db: Database,
  deps: PaymentDeps,
  payment: PaymentRow,
  proof: PaymentProof,
): Promise<SettlementResult> {
  const now = deps.now();
  const decision = await db.transaction((tx) => settleLocked(tx, deps, payment, proof, now));
  if (decision.result === 'refund_required') {
    deps.log.warn(
      { paymentId: payment.id, orderId: payment.order_id },
      'payment received for an order that cannot be fulfilled: refund',
    );
  }
  await decision.afterCommit?.(db, deps);
  return decision.result;
}

/** The transaction of `settlePayment`, with the payment row locked first. */
async function settleLocked(
  tx: Queryable,
  deps: PaymentDeps,
  payment: PaymentRow,
  proof: PaymentProof,
  now: Date,
): Promise<PurposeSettlement> {
  // One settlement per payment at a time; a second one finds it already decided.
  const locked = await selectOne<{ status: PaymentRow['status'] }>(
    tx,
    sql`SELECT status FROM payments WHERE id = ${payment.id} FOR UPDATE`,
  );
  if (!locked) return { result: 'not_found', paymentStatus: null };
  if (!proof.pix && (locked.status === 'approved' || locked.status === 'refund_required')) {
    return { result: 'duplicate', paymentStatus: null };
  }
  if (proof.pix && !(await recordPixReceipt(tx, payment, proof.pix))) {
    return { result: 'duplicate', paymentStatus: null };
  }
  const settled = await deps.purposes.settle(
    tx,
    { payment, lockedStatus: locked.status, paidAt: proof.pix?.paidAt ?? now },
    now,
  );
  if (settled.paymentStatus) await markPayment(tx, payment.id, settled.paymentStatus, proof, now);
  return settled;
}

/** Records a PIX receipt by its endToEndId; false when that receipt was recorded before. */
async function recordPixReceipt(tx: Queryable, payment: PaymentRow, pix: PixProof): Promise<boolean> {
  const inserted = await selectRows(
    tx,
    sql`INSERT INTO pix_received (end_to_end_id, txid, payment_id, amount_cents, paid_at)
        VALUES (${pix.endToEndId}, ${payment.txid}, ${payment.id}, ${pix.amountCents}, ${pix.paidAt.toISOString()}::timestamptz)
        ON CONFLICT (end_to_end_id) DO NOTHING RETURNING end_to_end_id`,
  );
  return inserted.length > 0;
}

/** Marks the payment paid (approved, or kept for a refund) with what proved it. */
async function markPayment(
  tx: Queryable,
  paymentId: number,
  status: 'approved' | 'refund_required',
  proof: PaymentProof,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  const cardColumns: SQL = proof.card
    ? sql`, gateway_charge_id = ${proof.card.id}, card_brand = ${proof.card.card.brand}, card_last4 = ${proof.card.card.last4},
          status_detail = ${proof.card.statusDetail}`
    : sql``;
  const pixColumns: SQL = proof.pix ? sql`, end_to_end_id = ${proof.pix.endToEndId}` : sql``;
  await execute(
    tx,
    sql`UPDATE payments SET status = ${status}, paid_at = ${nowIso}::timestamptz, updated_at = ${nowIso}::timestamptz
          ${pixColumns} ${cardColumns}
        WHERE id = ${paymentId}`,
  );
}
