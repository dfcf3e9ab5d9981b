/**
 * What a ticket's refund returns and where the money comes from (docs/refunds.md,
 * "Amounts"): the order's units (its tickets and its products) share the discount and the
 * service fee with core's `refundShares`, and the payer's sources (the PIX or card payment,
 * the wallet part) are returned external first.
 */
import { type RefundUnit, refundShares } from '@plateia/core/rules/refund-policy';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** An order's refundable money, split per ticket. */
export interface OrderShares {
  /** Per ticket id: its net price, fee share and total, and whether it came from a resale line. */
  tickets: Map<number, { netCents: number; feeCents: number; totalCents: number; resale: boolean }>;
  /** What is left for the products (and any rounding of table seats): the order's rest. */
  rest: { netCents: number; feeCents: number; totalCents: number };
}

/**
 * Shares of every ticket ever issued by the order (refunded or not, so the shares never move)
 * and of its product lines. The rest is the order's total less every ticket's share.
 */
export async function orderShares(
  db: Queryable,
  order: { id: number; discountCents: number; feeCents: number; totalCents: number },
): Promise<OrderShares> {
  const tickets = await selectRows<{ id: number; price_cents: number; kind: string | null }>(
    db,
    sql`SELECT t.id, t.price_cents, i.kind FROM tickets t LEFT JOIN order_items i ON i.id = t.order_item_id
        WHERE t.order_id = ${order.id} ORDER BY t.id`,
  );
  const products = await selectRows<{ cents: number }>(
    db,
    sql`SELECT unit_price_cents * quantity AS cents FROM order_items
        WHERE order_id = ${order.id} AND kind = 'product' ORDER BY id`,
  );
  const units: RefundUnit[] = [
    ...tickets.map((t) => ({
      priceCents: Number(t.price_cents),
      kind: t.kind === 'resale' ? ('resale' as const) : ('ticket' as const),
    })),
    ...products.map((p) => ({ priceCents: Number(p.cents), kind: 'product' as const })),
  ];
  const shares = refundShares(units, { discountCents: order.discountCents, feeCents: order.feeCents });
  const map: OrderShares['tickets'] = new Map();
  let ticketTotal = 0;
  let ticketFees = 0;
  tickets.forEach((t, i) => {
    const share = shares[i] ?? { netCents: 0, feeCents: 0, totalCents: 0 };
    map.set(Number(t.id), { ...share, resale: t.kind === 'resale' });
    ticketTotal += share.totalCents;
    ticketFees += share.feeCents;
  });
  const restTotal = Math.max(0, order.totalCents - ticketTotal);
  const restFee = Math.min(restTotal, Math.max(0, order.feeCents - ticketFees));
  return { tickets: map, rest: { netCents: restTotal - restFee, feeCents: restFee, totalCents: restTotal } };
}

/** Where an order's money came from, and how much of each was already returned. */
export interface OrderSources {
  /** The approved PIX or card payment; null when the wallet (or nothing) paid it all. */
  payment: { id: number; method: 'pix' | 'card'; amountCents: number } | null;
  externalLeftCents: number;
}

/**
 * The order's approved payment that a refund of `neededCents` goes back to, and what of it is
 * still to be returned; refunds go back there first and the rest to the wallet (the part the
 * wallet paid). An order paid by several payments (a shared payment's shares) refunds each
 * payer's account up to what it paid: a payment with enough left is taken first, then any
 * with something left, oldest first.
 */
export async function orderSources(db: Queryable, orderId: number, neededCents = 0): Promise<OrderSources> {
  const payment = await selectOne<{
    id: number;
    method: 'pix' | 'card';
    amount_cents: number;
    left_cents: number;
  }>(
    db,
    sql`SELECT id, method, amount_cents, left_cents FROM (
          SELECT p.id, p.method, p.amount_cents,
                 p.amount_cents - coalesce((SELECT sum(r.amount_cents - r.wallet_cents) FROM refunds r
                   WHERE r.payment_id = p.id AND r.reason <> 'unfulfilled'), 0) AS left_cents
          FROM payments p WHERE p.order_id = ${orderId} AND p.status = 'approved'
        ) sources
        ORDER BY (left_cents >= ${neededCents}) DESC, (left_cents > 0) DESC, id LIMIT 1`,
  );
  if (!payment) return { payment: null, externalLeftCents: 0 };
  return {
    payment: { id: Number(payment.id), method: payment.method, amountCents: Number(payment.amount_cents) },
    externalLeftCents: Math.max(0, Number(payment.left_cents)),
  };
}
