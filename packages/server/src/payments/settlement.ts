/**
 * Settling a payment: the payment's own update and the order's settlement (fulfilment.ts)
 * in one transaction, then the confirmation e-mails once it committed.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { MailMessage } from '../mail/index.ts';
import { settleSharePayment } from '../shared-payments/settlement.ts';
import { spendWalletPart, walletPartCompletes } from '../wallet/order-part.ts';
import type { CardCharge } from './card/gateway.ts';
import { purchaseConfirmationEmail, ticketsReceivedEmail } from './confirmation-email.ts';
import type { SettlementDeps } from './deps.ts';
import { loadOrder, type SettleOutcome, settleOrder } from './fulfilment.ts';
import { postOrderPayment, postUnfulfilledPayment } from './ledger.ts';
import type { PaymentRow } from './records.ts';

/** What a settlement attempt did to the payment. */
export type SettlementResult = 'settled' | 'duplicate' | 'refund_required' | 'not_found';

/** A PIX payment the PSP confirmed. */
export interface PixProof {
  endToEndId: string;
  amountCents: number;
  paidAt: Date;
}

/** What says the money arrived: the PSP's PIX record, or the gateway's approved card charge. */
export type PaymentProof = { pix: PixProof; card?: undefined } | { pix?: undefined; card: CardCharge };

/** A settlement that sold the order: what the confirmation e-mails tell. */
type PaidOutcome = Extract<SettleOutcome, { kind: 'paid' }>;

/** What the transaction decided; a sale is kept for the confirmation e-mails after COMMIT. */
type Decision = { result: SettlementResult; paid?: PaidOutcome };

/**
 * Settles the order of `payment` in one transaction with the payment's own update. For PIX
 * the confirmed payment's endToEndId is recorded first: a second delivery of it stops there.
 */
export async function settlePayment(
  db: Database,
  deps: SettlementDeps,
  payment: PaymentRow,
  proof: PaymentProof,
): Promise<SettlementResult> {
  const now = deps.now();
  const decision = await db.transaction((tx) => settleLocked(tx, payment, proof, now));
  if (decision.result === 'refund_required') {
    deps.log.warn(
      { paymentId: payment.id, orderId: payment.order_id },
      'payment received for an order that cannot be fulfilled: refund',
    );
  }
  if (decision.paid) await sendConfirmations(db, deps, decision.paid);
  return decision.result;
}

/** The transaction of `settlePayment`, with the payment row locked first. */
async function settleLocked(
  tx: Queryable,
  payment: PaymentRow,
  proof: PaymentProof,
  now: Date,
): Promise<Decision> {
  // One settlement per payment at a time; a second one finds it already decided.
  const locked = await selectOne<{ status: string }>(
    tx,
    sql`SELECT status FROM payments WHERE id = ${payment.id} FOR UPDATE`,
  );
  if (!locked) return { result: 'not_found' };
  if (!proof.pix && (locked.status === 'approved' || locked.status === 'refund_required')) {
    return { result: 'duplicate' };
  }
  if (proof.pix && !(await recordPixReceipt(tx, payment, proof.pix))) return { result: 'duplicate' };
  // A share of a shared payment: credited alone, the order settles with the last share.
  const share = await settleSharePayment(tx, payment, proof.pix?.paidAt ?? now, now);
  if (share) {
    if (share.paymentStatus) await markPayment(tx, payment.id, share.paymentStatus, proof, now);
    return share.paid ? { result: share.result, paid: share.paid } : { result: share.result };
  }
  // With the order's wallet part this payment must make the total (wallet/checkout.ts); a
  // part already given back to the wallet leaves the order unpayable by it.
  const completes = await walletPartCompletes(tx, payment.order_id, payment.amount_cents);
  const outcome: SettleOutcome | null = completes
    ? await settleOrder(tx, payment.order_id, now)
    : await unavailableOrder(tx, payment.order_id);
  if (!outcome) return { result: 'not_found' };
  if (outcome.kind === 'paid') {
    await markPayment(tx, payment.id, 'approved', proof, now);
    await postOrderPayment(tx, payment, now);
    await spendWalletPart(tx, payment.order_id, now);
    return { result: 'settled', paid: outcome };
  }
  // Paid by this very payment before: nothing more to do.
  if (outcome.kind === 'already_paid' && locked.status === 'approved') return { result: 'duplicate' };
  // Money arrived for an order that is paid by another payment, cancelled, or whose stock
  // is gone after expiry: keep it on record for a refund (docs/payments.md).
  await markPayment(tx, payment.id, 'refund_required', proof, now);
  await postUnfulfilledPayment(tx, payment, now);
  return { result: 'refund_required' };
}

/** The order as settlement reports one it cannot honour with this payment. */
async function unavailableOrder(tx: Queryable, orderId: number): Promise<SettleOutcome | null> {
  const order = await loadOrder(tx, orderId, true);
  return order ? { kind: 'unavailable', order } : null;
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

/** Sends the confirmation e-mails after a settlement committed (the wallet's too); a mail failure never undoes a sale. */
export async function sendConfirmations(
  db: Queryable,
  deps: SettlementDeps,
  outcome: PaidOutcome,
): Promise<void> {
  const { mailer } = deps;
  if (!mailer) return;
  try {
    const event = await selectOne<{ name: string }>(
      db,
      sql`SELECT name FROM events WHERE id = ${outcome.order.eventId}`,
    );
    for (const message of confirmationEmails(outcome, event?.name ?? 'seu evento', deps.siteUrl)) {
      await mailer.send(message);
    }
  } catch (error) {
    deps.log.error({ err: error, orderId: outcome.order.id }, 'purchase confirmation e-mail failed');
  }
}

/** The buyer's purchase confirmation, then one notice per other e-mail that received tickets. */
function confirmationEmails(outcome: PaidOutcome, eventName: string, siteUrl: string): MailMessage[] {
  const site = siteUrl.replace(/\/$/, '');
  const others = ticketsForOthers(outcome);
  return [
    purchaseConfirmationEmail({
      to: outcome.buyerEmail,
      name: outcome.buyerName,
      orderNumber: outcome.order.number,
      eventName,
      totalCents: outcome.order.totalCents,
      ticketCount: outcome.tickets.length,
      transferredTo: [...others.keys()],
      ticketsUrl: `${site}/mytickets`,
    }),
    ...[...others].map(([to, entry]) =>
      ticketsReceivedEmail({
        to,
        buyerEmail: outcome.buyerEmail,
        eventName,
        ticketCount: entry.count,
        hasAccount: entry.hasAccount,
        ticketsUrl: `${site}/mytickets`,
        signUpUrl: `${site}/cadastro`,
      }),
    ),
  ];
}

/** The tickets issued to e-mails other than the buyer's: how many each, and whether it has an account. */
function ticketsForOthers(outcome: PaidOutcome): Map<string, { count: number; hasAccount: boolean }> {
  const others = new Map<string, { count: number; hasAccount: boolean }>();
  for (const ticket of outcome.tickets) {
    if (ticket.holderEmail === outcome.buyerEmail.toLowerCase()) continue;
    const entry = others.get(ticket.holderEmail) ?? { count: 0, hasAccount: ticket.customerId !== null };
    entry.count += 1;
    others.set(ticket.holderEmail, entry);
  }
  return others;
}
