/**
 * What a settled payment posts to the ledger (docs/ledger.md): the money in by PIX or card
 * against what the order owes to each party, in the settlement's own transaction.
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { type LedgerAccount, type LedgerLeg, postMovement } from '../ledger/index.ts';
import type { PaymentRow } from './records.ts';

/** Where a payment's money comes in. */
function incoming(payment: PaymentRow): LedgerAccount {
  return payment.method === 'pix' ? { kind: 'pix_in' } : { kind: 'card_in' };
}

/** The ledger key of a payment's arrival: one per payment, whichever path settles it. */
export const paymentMovementKey = (paymentId: number): string => `payment:${paymentId}`;

/**
 * What an order owes each party when `paidCents` (default: its total) comes in from
 * `source`: the event's producer is owed the tickets and products after the discount, the
 * platform keeps the service fee, and resale tickets' prices wait in clearing until the
 * resale settlement credits their sellers. What came in beyond the order's total (never
 * expected) waits in clearing too, to be returned. Legs on one account are netted.
 */
export async function orderSplitLegs(
  tx: Queryable,
  orderId: number,
  source: LedgerAccount,
  paidCents?: number,
): Promise<{ legs: LedgerLeg[]; customerId: number }> {
  const order = await selectOne<{
    event_id: number;
    customer_id: number;
    subtotal_cents: number;
    discount_cents: number;
    fee_cents: number;
    total_cents: number;
    resale_cents: string | number | null;
  }>(
    tx,
    sql`SELECT o.event_id, o.customer_id, o.subtotal_cents, o.discount_cents, o.fee_cents, o.total_cents,
               (SELECT sum(i.unit_price_cents * i.quantity) FROM order_items i
                 WHERE i.order_id = o.id AND i.kind = 'resale') AS resale_cents
        FROM orders o WHERE o.id = ${orderId}`,
  );
  if (!order) throw new Error(`order ${orderId} does not exist`);
  const paid = paidCents ?? Number(order.total_cents);
  const resaleCents = Number(order.resale_cents ?? 0);
  const owed: LedgerLeg[] = [
    { account: source, amountCents: -paid },
    {
      account: { kind: 'producer_revenue', eventId: Number(order.event_id) },
      amountCents: Number(order.subtotal_cents) - resaleCents - Number(order.discount_cents),
    },
    { account: { kind: 'platform_fees' }, amountCents: Number(order.fee_cents) },
    { account: { kind: 'platform_clearing' }, amountCents: resaleCents + paid - Number(order.total_cents) },
  ];
  const netted = new Map<string, LedgerLeg>();
  for (const leg of owed) {
    const key = JSON.stringify(leg.account);
    const seen = netted.get(key);
    netted.set(key, seen ? { ...seen, amountCents: seen.amountCents + leg.amountCents } : leg);
  }
  return {
    legs: [...netted.values()].filter((leg) => leg.amountCents !== 0),
    customerId: Number(order.customer_id),
  };
}

/** A payment that sold its order: its money in, split as `orderSplitLegs` says. */
export async function postOrderPayment(tx: Queryable, payment: PaymentRow, at: Date): Promise<void> {
  const { legs, customerId } = await orderSplitLegs(
    tx,
    payment.order_id,
    incoming(payment),
    payment.amount_cents,
  );
  await postMovement(tx, {
    idempotencyKey: paymentMovementKey(payment.id),
    kind: 'order_payment',
    legs,
    customerId,
    orderId: payment.order_id,
    paymentId: payment.id,
    at,
  });
}

/** Money that arrived for an order that could not be honoured: all of it is owed back. */
export async function postUnfulfilledPayment(tx: Queryable, payment: PaymentRow, at: Date): Promise<void> {
  await postMovement(tx, {
    idempotencyKey: paymentMovementKey(payment.id),
    kind: 'order_unfulfilled',
    legs: [
      { account: incoming(payment), amountCents: -payment.amount_cents },
      { account: { kind: 'platform_clearing' }, amountCents: payment.amount_cents },
    ],
    customerId: Number(payment.customer_id),
    orderId: payment.order_id,
    paymentId: payment.id,
    at,
  });
}
