/**
 * Following refunds until the money is back (docs/refunds.md): the sweep that polls what is
 * in processing and retries what failed, and the late payments that found no stock,
 * refunded the same way. The PSP's webhook news of a refund's devolução reaches
 * `refundDevolucoes` (payout.ts) through the devolução machine (payments/pix/devolucoes.ts).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import { MAX_REFUND_ATTEMPTS, processRefund, type RefundDeps } from './payout.ts';

/**
 * One pass of the refund sweep (the `refunds.follow-up` job, every minute): late payments
 * with no stock get their refund, requested refunds are sent, refunds in processing are
 * asked about (polling, for a webhook that never came), and NAO_REALIZADO ones are retried
 * under a new id while attempts remain. Answers how many refunds it looked at.
 */
export async function followUpRefunds(db: Database, deps: RefundDeps, limit = 100): Promise<number> {
  await refundUnfulfilledPayments(db, deps, limit);
  const open = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM refunds
        WHERE status IN ('requested', 'processing')
           OR (status = 'failed' AND (attempts < ${MAX_REFUND_ATTEMPTS} OR pix_key IS NOT NULL))
        ORDER BY id LIMIT ${limit}`,
  );
  for (const { id } of open) {
    try {
      await processRefund(db, deps, Number(id));
    } catch (error) {
      deps.log.warn({ err: error, refundId: Number(id) }, 'refund follow-up failed; next pass retries');
    }
  }
  return open.length;
}

/**
 * Late payments with no stock (payments.status 'refund_required'; the `order_unfulfilled`
 * movement already put the money in clearing): one refund each, of the whole payment, by the
 * way it came. Answers the refunds created.
 */
export async function refundUnfulfilledPayments(
  db: Database,
  deps: RefundDeps,
  limit = 100,
): Promise<number[]> {
  const now = deps.now().toISOString();
  const created = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO refunds (order_id, customer_id, payment_id, reason, method, amount_cents, created_at, updated_at)
        SELECT p.order_id, p.customer_id, p.id, 'unfulfilled', p.method, p.amount_cents, ${now}::timestamptz, ${now}::timestamptz
        FROM payments p
        WHERE p.status = 'refund_required'
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'unfulfilled')
        ORDER BY p.id LIMIT ${limit}
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  const ids = created.map((row) => Number(row.id));
  for (const id of ids) {
    try {
      await processRefund(db, deps, id);
    } catch (error) {
      deps.log.warn({ err: error, refundId: id }, 'late payment refund not sent yet; next pass retries');
    }
  }
  return ids;
}
