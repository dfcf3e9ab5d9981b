/**
 * Reconciliation: open PIX charges confirmed with the PSP on a schedule (the
 * `payments.reconcile-pix` job), so a buyer who pays and closes the tab gets the tickets even
 * when the webhook never arrives and nobody polls the order's status.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/sql.ts';
import type { PaymentDeps } from './deps.ts';
import { loadOrder } from './order.ts';
import { type PaymentRow, paymentOf } from './records.ts';
import { refreshPayment } from './status.ts';

/** How many open charges one pass asks the PSP about (oldest first); the next pass takes the rest. */
const PASS_LIMIT = 200;

/** What one pass did. */
export interface ReconcileSummary {
  checked: number;
  /** Payments no longer pending after the pass (settled, kept for a refund, or expired). */
  resolved: number;
}

/**
 * Asks the PSP (`GET /cob/{txid}`) about every pending PIX charge of a reserved or expired order
 * and applies the answer the way status polling does: a paid charge settles its order (once: the
 * settlement records the endToEndId, so a webhook or another process settling the same payment
 * finds it done), an unpaid charge whose reservation is over is removed at the PSP. A PSP that
 * cannot be reached leaves the charge pending for the next pass.
 */
export async function reconcilePendingPix(db: Database, deps: PaymentDeps): Promise<ReconcileSummary> {
  const pending = (
    await selectRows<PaymentRow>(
      db,
      sql`SELECT p.* FROM payments p JOIN orders o ON o.id = p.order_id
          WHERE p.method = 'pix' AND p.status = 'pending' AND p.txid IS NOT NULL
            AND o.status IN ('reserved', 'expired')
          ORDER BY p.id LIMIT ${PASS_LIMIT}`,
    )
  ).map(paymentOf);
  let resolved = 0;
  for (const payment of pending) {
    const order = await loadOrder(db, payment.order_id);
    if (!order) continue;
    await refreshPayment(db, deps, order, payment, deps.now());
    const after = await selectRows<{ status: string }>(
      db,
      sql`SELECT status FROM payments WHERE id = ${payment.id}`,
    );
    if (after[0]?.status !== 'pending') resolved++;
  }
  return { checked: pending.length, resolved };
}
