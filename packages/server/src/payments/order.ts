/**
 * The order as its payments see it: every `payments` row is a charge for an order, so
 * payments reads the order it charges (what is due, whether it can still be paid). Reading
 * only: the order is settled by orders/ (fulfilment.ts), through the purpose the wiring
 * registers (deps.ts).
 */
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

/** The buyer's own checkout of an order being paid in a group (docs/shared-payments.md). */
const ORDER_IS_SHARED =
  'Este pedido está sendo pago em grupo: cada pessoa paga a sua parte pelo link recebido.';

/** The order fields payments read. */
export interface PayableOrder {
  id: number;
  number: string;
  customerId: number;
  eventId: number;
  sessionId: string;
  status: 'reserved' | 'paid' | 'expired' | 'cancelled';
  totalCents: number;
  /** The order's live wallet part (wallet/checkout.ts); PIX and card charge the rest. */
  walletCents: number;
  couponId: number | null;
  expiresAt: Date;
  paidAt: Date | null;
  /** Paid by a shared payment's shares (shared-payments/), never by the buyer's own checkout. */
  shared: boolean;
}

/** Reads an order, optionally locking it for the rest of the transaction. */
export async function loadOrder(db: Queryable, orderId: number, lock = false): Promise<PayableOrder | null> {
  const row = await selectOne<Record<string, unknown>>(
    db,
    sql`SELECT id, number, customer_id, event_id, session_id, status, total_cents, coupon_id, expires_at, paid_at,
               (SELECT coalesce(sum(w.amount_cents), 0) FROM wallet_order_parts w
                 WHERE w.order_id = orders.id AND w.status IN ('held', 'spent')) AS wallet_cents,
               EXISTS (SELECT 1 FROM shared_payments g WHERE g.order_id = orders.id) AS shared
        FROM orders WHERE id = ${orderId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    number: String(row.number),
    customerId: Number(row.customer_id),
    eventId: Number(row.event_id),
    sessionId: String(row.session_id),
    status: row.status as PayableOrder['status'],
    totalCents: Number(row.total_cents),
    walletCents: Number(row.wallet_cents ?? 0),
    couponId: row.coupon_id === null ? null : Number(row.coupon_id),
    expiresAt: new Date(row.expires_at as string | Date),
    paidAt: row.paid_at ? new Date(row.paid_at as string | Date) : null,
    shared: row.shared === true,
  };
}

/** The order, if it exists and belongs to the customer (404 / 403 otherwise). */
export async function ownedOrder(db: Queryable, customerId: number, orderId: number): Promise<PayableOrder> {
  const order = await loadOrder(db, orderId);
  if (!order) throw new HttpError(404, PAYMENT_ANSWER_MESSAGES.orderNotFound, 'not_found');
  if (order.customerId !== customerId)
    throw new HttpError(403, PAYMENT_ANSWER_MESSAGES.forbidden, 'forbidden');
  return order;
}

/** Throws the pt-BR refusal unless the order can still be paid at `now`. */
export function assertPayable(order: PayableOrder, now: Date): void {
  if (order.status === 'paid') throw new HttpError(409, PAYMENT_ANSWER_MESSAGES.alreadyPaid, 'already_paid');
  if (order.status === 'cancelled') throw new HttpError(409, PAYMENT_ANSWER_MESSAGES.cancelled, 'cancelled');
  if (order.status === 'expired' || order.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(410, PAYMENT_ANSWER_MESSAGES.expired, 'expired');
  }
  if (order.shared) throw new HttpError(409, ORDER_IS_SHARED, 'shared_payment');
  if (order.totalCents <= 0) throw new HttpError(400, PAYMENT_ANSWER_MESSAGES.nothingToPay, 'nothing_to_pay');
}

/** What PIX or card must still pay: the total less the order's wallet part. */
export function dueCents(order: PayableOrder): number {
  return order.totalCents - order.walletCents;
}
