/**
 * Paying an order with the wallet, whole or part (docs/wallet.md):
 * - the part is taken from the wallet at once (ledger `wallet_spend`, wallet → clearing,
 *   key `wallet-hold:{partId}`), so the same balance can never pay two orders;
 * - the rest is paid by PIX or card for `total − part` (payments' pix.ts / card.ts charge the order's
 *   due amount); when that payment settles, its `order_payment` takes the part out of
 *   clearing together with the PIX/card money and the part becomes spent;
 * - a wallet that covers the whole order settles it at once, in the same transaction as one
 *   `wallet_spend` (wallet → producer, fees), through the same `settleOrder` path;
 * - a part whose order died unpaid (expired or cancelled, no payment pending) goes back to
 *   the wallet by reversing its hold (the `wallet.release-parts` job), and a PIX that still
 *   lands for that order is kept for a refund (settlement checks `walletPartCompletes`).
 */
import type { WalletOrderPart } from '@plateia/core/contracts/wallet';
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { InsufficientFunds, postMovement, reverseMovement, walletBalance } from '../ledger/index.ts';
import { sendConfirmations } from '../orders/confirmation.ts';
import { type SettleOutcome, settleOrder } from '../orders/fulfilment.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { orderSplitLegs } from '../payments/ledger.ts';
import { assertPayable, loadOrder, ownedOrder } from '../payments/order.ts';
import { HttpError } from '../plugins/errors.ts';

/** A row of `wallet_order_parts`. */
interface PartRow {
  id: number;
  order_id: number;
  customer_id: number;
  amount_cents: number;
  status: 'held' | 'spent' | 'released';
}

const partOf = (row: PartRow): PartRow => ({
  ...row,
  id: Number(row.id),
  order_id: Number(row.order_id),
  customer_id: Number(row.customer_id),
  amount_cents: Number(row.amount_cents),
});

/** The order's live (held or spent) wallet part. */
async function livePart(db: Queryable, orderId: number, lock = false): Promise<PartRow | null> {
  const row = await selectOne<PartRow>(
    db,
    sql`SELECT * FROM wallet_order_parts WHERE order_id = ${orderId} AND status IN ('held', 'spent')
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ? partOf(row) : null;
}

/** What paying with the wallet uses: the clock, the log and the confirmation e-mails. */
type WalletCheckoutDeps = Pick<PaymentDeps, 'now' | 'log' | 'mailer' | 'siteUrl'>;

/** What the transaction decided; a sale is kept for the confirmation e-mails after COMMIT. */
type Applied = { part: PartRow; total: number; paid?: Extract<SettleOutcome, { kind: 'paid' }> };

/**
 * Uses `amountCents` of the customer's wallet (all it can, up to the total, when omitted) for
 * a reserved order that has no payment under way. The wallet covering the whole total pays
 * the order now.
 */
export async function applyWalletToOrder(
  db: Database,
  deps: WalletCheckoutDeps,
  customerId: number,
  orderId: number,
  amountCents?: number,
): Promise<WalletOrderPart> {
  const now = deps.now();
  assertPayable(await ownedOrder(db, customerId, orderId), now);
  let applied: Applied;
  try {
    applied = await db.transaction(async (tx) => {
      const order = await loadOrder(tx, orderId, true);
      if (!order) throw new HttpError(404, PAYMENT_ANSWER_MESSAGES.orderNotFound, 'not_found');
      assertPayable(order, now);
      const busy = await selectOne<{ id: number }>(
        tx,
        sql`SELECT id FROM payments WHERE order_id = ${orderId} AND status IN ('pending', 'approved') LIMIT 1`,
      );
      if (busy) throw new HttpError(409, WALLET_ANSWER_MESSAGES.paymentOpen, 'payment_open');
      if (await livePart(tx, orderId)) {
        throw new HttpError(409, WALLET_ANSWER_MESSAGES.walletAlreadyApplied, 'wallet_applied');
      }
      const balance = await walletBalance(tx, customerId);
      const amount = amountCents ?? Math.min(balance, order.totalCents);
      if (amount <= 0) throw new HttpError(400, WALLET_ANSWER_MESSAGES.nothingToUse, 'empty_wallet');
      if (amount > order.totalCents)
        throw new HttpError(400, WALLET_ANSWER_MESSAGES.amountTooLarge, 'too_large');
      const whole = amount === order.totalCents;
      const inserted = await selectOne<PartRow>(
        tx,
        sql`INSERT INTO wallet_order_parts (order_id, customer_id, amount_cents, status, created_at, updated_at)
            VALUES (${orderId}, ${customerId}, ${amount}, ${whole ? 'spent' : 'held'},
                    ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
            RETURNING *`,
      );
      const part = partOf(inserted!);
      if (!whole) {
        await postMovement(tx, {
          idempotencyKey: `wallet-hold:${part.id}`,
          kind: 'wallet_spend',
          legs: [
            { account: { kind: 'customer_wallet', customerId }, amountCents: -amount },
            { account: { kind: 'platform_clearing' }, amountCents: amount },
          ],
          customerId,
          orderId,
          memo: `Pedido ${order.number}`,
          at: now,
        });
        return { part, total: order.totalCents };
      }
      const outcome = await settleOrder(tx, orderId, now);
      if (outcome?.kind !== 'paid')
        throw new HttpError(409, WALLET_ANSWER_MESSAGES.paymentOpen, 'not_payable');
      await postMovement(tx, {
        idempotencyKey: `wallet-order:${part.id}`,
        kind: 'wallet_spend',
        legs: (await orderSplitLegs(tx, orderId, { kind: 'customer_wallet', customerId }, amount)).legs,
        customerId,
        orderId,
        memo: `Pedido ${order.number}`,
        at: now,
      });
      return { part, total: order.totalCents, paid: outcome };
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      throw new HttpError(409, WALLET_ANSWER_MESSAGES.insufficientFunds, 'insufficient_funds');
    }
    throw error;
  }
  if (applied.paid) await sendConfirmations(db, deps, applied.paid);
  return {
    orderId,
    walletCents: applied.part.amount_cents,
    dueCents: applied.total - applied.part.amount_cents,
    status: applied.part.status,
    paid: applied.paid !== undefined,
    balanceCents: await walletBalance(db, customerId),
  };
}

/** Gives a held part back to the wallet by reversing its hold, with the part row locked. */
async function releasePart(tx: Queryable, part: PartRow, at: Date): Promise<void> {
  const hold = await selectOne<{ id: string | number }>(
    tx,
    sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${`wallet-hold:${part.id}`}`,
  );
  if (hold) {
    await reverseMovement(tx, Number(hold.id), `wallet-release:${part.id}`, 'Saldo devolvido à carteira', at);
  }
  await execute(
    tx,
    sql`UPDATE wallet_order_parts SET status = 'released', updated_at = ${at.toISOString()}::timestamptz
        WHERE id = ${part.id}`,
  );
}

/**
 * The customer takes the wallet part off an order still unpaid with no payment under way
 * (to pay it all by PIX or card instead); the held amount goes back to the wallet.
 */
export async function removeWalletFromOrder(
  db: Database,
  now: Date,
  customerId: number,
  orderId: number,
): Promise<{ balanceCents: number }> {
  await ownedOrder(db, customerId, orderId);
  await db.transaction(async (tx) => {
    await loadOrder(tx, orderId, true);
    const part = await livePart(tx, orderId, true);
    if (part?.status !== 'held') throw new HttpError(404, WALLET_ANSWER_MESSAGES.noWalletPart, 'not_found');
    const busy = await selectOne<{ id: number }>(
      tx,
      sql`SELECT id FROM payments WHERE order_id = ${orderId} AND status IN ('pending', 'approved') LIMIT 1`,
    );
    if (busy) throw new HttpError(409, WALLET_ANSWER_MESSAGES.paymentOpen, 'payment_open');
    await releasePart(tx, part, now);
  });
  return { balanceCents: await walletBalance(db, customerId) };
}

/**
 * Gives back the held parts of orders that died unpaid: expired or cancelled, with no PIX or
 * card payment still pending (a pending one may yet settle the order). Runs as the
 * `wallet.release-parts` job; each part in its own transaction with the order locked first,
 * the same order settlement takes them.
 */
export async function releaseDeadWalletParts(db: Database, now: Date): Promise<number> {
  const candidates = await selectRows<{ order_id: number }>(
    db,
    sql`SELECT w.order_id FROM wallet_order_parts w JOIN orders o ON o.id = w.order_id
        WHERE w.status = 'held' AND o.status IN ('expired', 'cancelled')
          AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = w.order_id AND p.status = 'pending')
        ORDER BY w.id LIMIT 200`,
  );
  let released = 0;
  for (const { order_id } of candidates) {
    const orderId = Number(order_id);
    const done = await db.transaction(async (tx) => {
      const order = await loadOrder(tx, orderId, true);
      if (!order || (order.status !== 'expired' && order.status !== 'cancelled')) return false;
      const pending = await selectOne<{ id: number }>(
        tx,
        sql`SELECT id FROM payments WHERE order_id = ${orderId} AND status = 'pending' LIMIT 1`,
      );
      if (pending) return false;
      const part = await livePart(tx, orderId, true);
      if (part?.status !== 'held') return false;
      await releasePart(tx, part, now);
      return true;
    });
    if (done) released++;
  }
  return released;
}

/** The order's wallet part for the checkout (null without one). */
export async function walletPartOf(
  db: Database,
  customerId: number,
  orderId: number,
): Promise<WalletOrderPart | null> {
  const order = await ownedOrder(db, customerId, orderId);
  const part = await livePart(db, orderId);
  if (!part) return null;
  return {
    orderId,
    walletCents: part.amount_cents,
    dueCents: order.totalCents - part.amount_cents,
    status: part.status,
    paid: order.status === 'paid',
    balanceCents: await walletBalance(db, customerId),
  };
}
