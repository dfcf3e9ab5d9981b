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
  /**
   * An order paid by several payments (a shared payment's shares): what a refund of
   * `neededCents` takes from each (`splitAcrossPayments`); null for any other order.
   */
  parts: PaymentPart[] | null;
}

/** One payment's part of a refund. */
export interface PaymentPart {
  paymentId: number;
  method: 'pix' | 'card';
  cents: number;
}

/** What a payment already got back from refunds (each row's own part), not counting late-payment refunds. */
const returnedTo = (paymentId: ReturnType<typeof sql>) =>
  sql`coalesce((SELECT sum(r.amount_cents - r.wallet_cents - r.split_cents) FROM refunds r
        WHERE r.payment_id = ${paymentId} AND r.reason <> 'unfulfilled'), 0)`;

/**
 * A refund of `neededCents` split across the payments that paid the order, in proportion to
 * what each paid (largest remainders first, then by id), each capped by what it has left; a
 * part a payment cannot take goes to the others that still have something left. The refunds of
 * a whole order therefore give each payment back exactly what it paid. Parts are in payment id
 * order, empty ones left out; their sum is less than `neededCents` only when the payments have
 * less left than that.
 */
export function splitAcrossPayments(
  neededCents: number,
  payments: { id: number; method: 'pix' | 'card'; amountCents: number; leftCents: number }[],
): PaymentPart[] {
  const paid = payments.reduce((sum, p) => sum + p.amountCents, 0);
  if (neededCents <= 0 || paid <= 0) return [];
  const exact = payments.map((p) => (neededCents * p.amountCents) / paid);
  const cents = exact.map(Math.floor);
  let leftover = neededCents - cents.reduce((a, b) => a + b, 0);
  const byRemainder = payments
    .map((_, i) => i)
    .sort((a, b) => exact[b]! - cents[b]! - (exact[a]! - cents[a]!) || payments[a]!.id - payments[b]!.id);
  for (const i of byRemainder) {
    if (leftover <= 0) break;
    cents[i]! += 1;
    leftover -= 1;
  }
  let short = 0;
  payments.forEach((p, i) => {
    const room = Math.max(0, p.leftCents);
    if (cents[i]! > room) {
      short += cents[i]! - room;
      cents[i] = room;
    }
  });
  payments.forEach((p, i) => {
    const more = Math.min(short, Math.max(0, p.leftCents) - cents[i]!);
    if (more > 0) {
      cents[i]! += more;
      short -= more;
    }
  });
  return payments
    .map((p, i) => ({ paymentId: p.id, method: p.method, cents: cents[i]! }))
    .filter((part) => part.cents > 0);
}

/**
 * The order's approved payment that a refund of `neededCents` goes back to, and what of it is
 * still to be returned; refunds go back there first and the rest to the wallet (the part the
 * wallet paid). An order paid by a shared payment's shares is refunded across them
 * (`parts`, one devolução each, never more than a share paid); `payment` is then the one with
 * most left.
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
                 p.amount_cents - ${returnedTo(sql`p.id`)} AS left_cents
          FROM payments p WHERE p.order_id = ${orderId} AND p.status = 'approved'
        ) sources
        ORDER BY (left_cents >= ${neededCents}) DESC, (left_cents > 0) DESC, id LIMIT 1`,
  );
  if (!payment) return { payment: null, externalLeftCents: 0, parts: null };
  return {
    payment: { id: Number(payment.id), method: payment.method, amountCents: Number(payment.amount_cents) },
    externalLeftCents: Math.max(0, Number(payment.left_cents)),
    parts: await sharedParts(db, orderId, neededCents),
  };
}

/** For an order paid by a shared payment's shares: each share's part of the refund; else null. */
async function sharedParts(
  db: Queryable,
  orderId: number,
  neededCents: number,
): Promise<PaymentPart[] | null> {
  const rows = await selectRows<{
    id: number;
    method: 'pix' | 'card';
    amount_cents: number;
    left_cents: number;
  }>(
    db,
    sql`SELECT p.id, p.method, p.amount_cents, p.amount_cents - ${returnedTo(sql`p.id`)} AS left_cents
        FROM payments p WHERE p.order_id = ${orderId} AND p.status = 'approved' AND p.shared_payment_id IS NOT NULL
        ORDER BY p.id`,
  );
  if (rows.length === 0) return null;
  return splitAcrossPayments(
    neededCents,
    rows.map((row) => ({
      id: Number(row.id),
      method: row.method,
      amountCents: Number(row.amount_cents),
      leftCents: Number(row.left_cents),
    })),
  );
}
