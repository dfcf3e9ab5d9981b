/**
 * The wallet part of an order as the order's payment sees it (orders/payment.ts calls these
 * inside the payment's settlement transaction). Kept apart from checkout.ts, which settles
 * orders itself.
 */
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

/**
 * Locks the order and its live wallet part (if any) and answers whether `paymentCents` plus that
 * part pays the order's total exactly. False when the part was given back to the wallet (the
 * order died unpaid and a PIX still landed) or changed since the charge was opened: the
 * settlement then keeps the payment for a refund instead of selling short (docs/wallet.md).
 */
export async function walletPartCompletes(
  tx: Queryable,
  orderId: number,
  paymentCents: number,
): Promise<boolean> {
  // The order first, then its part: the order every wallet step locks them in.
  const row = await selectOne<{ total_cents: number }>(
    tx,
    sql`SELECT total_cents FROM orders WHERE id = ${orderId} FOR UPDATE`,
  );
  if (!row) return true;
  const part = await selectOne<{ amount_cents: number }>(
    tx,
    sql`SELECT amount_cents FROM wallet_order_parts
        WHERE order_id = ${orderId} AND status IN ('held', 'spent') FOR UPDATE`,
  );
  // Without a part (every order paid before the wallet existed too) the payment is the total.
  return paymentCents + Number(part?.amount_cents ?? 0) === Number(row.total_cents);
}

/** The held part of an order that just settled becomes spent (its hold already sits in clearing). */
export async function spendWalletPart(tx: Queryable, orderId: number, at: Date): Promise<void> {
  await execute(
    tx,
    sql`UPDATE wallet_order_parts SET status = 'spent', updated_at = ${at.toISOString()}::timestamptz
        WHERE order_id = ${orderId} AND status = 'held'`,
  );
}
