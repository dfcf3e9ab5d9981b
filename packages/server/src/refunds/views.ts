/**
 * What customers read and give (docs/refunds.md): their refunds, whether each of their
 * tickets may be refunded now and what would go back, and another PIX key after the
 * devoluções failed.
 */
import type { RefundOffer } from '@plateia/core/contracts/refunds';
import { REFUND_ANSWER_MESSAGES, REFUND_POLICY_MESSAGES } from '@plateia/core/messages/refunds';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';
import { orderShares } from './amounts.ts';
import { processRefund, type RefundDeps } from './payout.ts';
import { payerOf, type RefundRow, refundById, refundsWhere, refundView, updateRefund } from './records.ts';
import { loadRefundOrder, orderPolicy } from './request.ts';

/** The rows whose payment is a shared payment's share of this verified account's e-mail. */
const paidByShareOf = (customerId: number) =>
  sql`r.payment_id IN (SELECT s.payment_id FROM shared_payment_shares s
        JOIN customers c ON lower(c.email) = lower(s.email) AND c.email_verified_at IS NOT NULL
        WHERE c.id = ${customerId})`;

/** The customer's refunds (as buyer, or as the payer of a share they paid), newest first. */
export async function customerRefunds(db: Database, customerId: number): Promise<RefundRow[]> {
  return (
    await refundsWhere(db, sql`(r.customer_id = ${customerId} OR ${paidByShareOf(customerId)})`)
  ).reverse();
}

/**
 * For each ticket the customer holds from an order they paid (and each ticket refunded to
 * them): the policy's answer now, with its pt-BR reason, and the amount that would go back.
 */
export async function refundOffers(db: Database, customerId: number, now: Date): Promise<RefundOffer[]> {
  const tickets = await selectRows<{ id: number; order_id: number; status: string; listed: boolean }>(
    db,
    sql`SELECT t.id, t.order_id, t.status,
               EXISTS (SELECT 1 FROM resale_listings l WHERE l.ticket_id = t.id AND l.status = 'active') AS listed
        FROM tickets t JOIN orders o ON o.id = t.order_id
        WHERE o.customer_id = ${customerId} AND o.status = 'paid'
          AND ((t.customer_id = ${customerId} AND t.status = 'valid')
               OR EXISTS (SELECT 1 FROM refunds r WHERE r.ticket_id = t.id))
        ORDER BY t.id`,
  );
  const refunds = new Map(
    (
      await refundsWhere(
        db,
        sql`r.customer_id = ${customerId} AND r.ticket_id IS NOT NULL AND r.parent_refund_id IS NULL`,
      )
    ).map((r) => [r.ticket_id, r]),
  );
  const offers: RefundOffer[] = [];
  const orders = new Map<number, Awaited<ReturnType<typeof orderContext>>>();
  for (const ticket of tickets) {
    const orderId = Number(ticket.order_id);
    if (!orders.has(orderId)) orders.set(orderId, await orderContext(db, orderId, now));
    const context = orders.get(orderId);
    if (!context) continue;
    const share = context.shares.tickets.get(Number(ticket.id));
    const refund = refunds.get(Number(ticket.id)) ?? null;
    const refundable = ticket.status === 'valid' && !ticket.listed && refund === null;
    const policy = refundable
      ? context.policy
      : {
          allowed: false,
          reason: 'not_refundable' as const,
          message: REFUND_POLICY_MESSAGES.not_refundable,
          deadline: null,
        };
    offers.push({
      ticketId: Number(ticket.id),
      allowed: policy.allowed,
      reason: policy.reason,
      message: ticket.listed && refund === null ? REFUND_ANSWER_MESSAGES.listed : policy.message,
      deadline: policy.deadline,
      amountCents: share?.totalCents ?? 0,
      feeCents: share?.feeCents ?? 0,
      refund: refund ? refundView(refund) : null,
    });
  }
  return offers;
}

async function orderContext(db: Database, orderId: number, now: Date) {
  const order = await loadRefundOrder(db, orderId);
  if (!order) return null;
  return { policy: orderPolicy(order, now), shares: await orderShares(db, order) };
}

/** The customer's own refund (as buyer, or as the payer of its payment), or 404/403. */
export async function ownRefund(db: Database, customerId: number, refundId: number): Promise<RefundRow> {
  const row = await refundById(db, refundId);
  if (!row) throw new HttpError(404, REFUND_ANSWER_MESSAGES.refundNotFound, 'not_found');
  if (row.customer_id !== customerId && (await payerOf(db, row)).customerId !== customerId)
    throw new HttpError(403, REFUND_ANSWER_MESSAGES.orderForbidden, 'forbidden');
  return row;
}

/**
 * CPF digits or a CNPJ (its 12 leading characters may be letters since the alphanumeric CNPJ),
 * an e-mail, a +55 phone or a random key (UUID), as PIX keys are written.
 */
const PIX_KEY =
  /^(\d{11}|[0-9A-Z]{12}\d{2}|[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}|\+55\d{10,11}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * After the devoluções failed (status needs_pix_key), the payer gives another PIX key; the
 * money is sent there at once. 403 for anyone but the payer (for a shared payment's share,
 * the account of the share's e-mail, never the leader), 409 when not waiting for a key.
 */
export async function providePixKey(
  db: Database,
  deps: RefundDeps,
  customerId: number,
  refundId: number,
  chave: string,
): Promise<RefundRow> {
  const key = chave.trim();
  if (key.length > 77 || !PIX_KEY.test(key))
    throw new HttpError(400, REFUND_ANSWER_MESSAGES.pixKeyInvalid, 'invalid_pix_key');
  const moved = await db.transaction(async (tx) => {
    const row = await refundById(tx, refundId, true);
    if (!row) throw new HttpError(404, REFUND_ANSWER_MESSAGES.refundNotFound, 'not_found');
    // Only whoever paid names where the money goes: a share's payer, not the group's leader.
    if ((await payerOf(tx, row)).customerId !== customerId)
      throw new HttpError(403, REFUND_ANSWER_MESSAGES.notYourPayment, 'forbidden');
    if (row.status !== 'needs_pix_key' || row.method !== 'pix') {
      throw new HttpError(409, REFUND_ANSWER_MESSAGES.pixKeyNotNeeded, 'pix_key_not_needed');
    }
    // The key's attempt is a new one: a fresh id, sent as an envio.
    await updateRefund(tx, row.id, { pix_key: key, status: 'failed', status_detail: null }, deps.now());
    return row.id;
  });
  try {
    await processRefund(db, deps, moved);
  } catch (error) {
    deps.log.warn({ err: error, refundId: moved }, 'PIX to the new key not sent yet; the sweep retries');
  }
  return (await refundById(db, moved))!;
}
