/**
 * Closing a group without every share (docs/shared-payments.md, "Expiry"), in the caller's
 * transaction: unpaid shares are cancelled (their charges expired), paid shares wait for their
 * devolução (payments `refund_required`, which the refunds sweep turns into refunds), and the
 * order is cancelled with its seats and units given back.
 */
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { endReservations } from '../orders/reclaim.ts';
import { releaseOrderSeatHolds } from '../seat-hold/seats.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { orderHoldKey } from './create.ts';

/** What closing did: the charges to remove at the PSP and the payments to refund. */
export interface ClosedGroup {
  cancelledTxids: string[];
  refundPaymentIds: number[];
}

/** Closes an open group as expired; null when it was not open (someone closed it first). */
export async function closeUnpaidGroup(
  tx: Queryable,
  groupId: number,
  now: Date,
): Promise<ClosedGroup | null> {
  const at = now.toISOString();
  const group = await selectOne<{ order_id: number }>(
    tx,
    sql`UPDATE shared_payments SET status = 'expired', closed_at = ${at}::timestamptz
        WHERE id = ${groupId} AND status = 'open' RETURNING order_id`,
  );
  if (!group) return null;
  const orderId = Number(group.order_id);
  const cancelled = await selectRows<{ payment_id: number }>(
    tx,
    sql`UPDATE shared_payment_shares SET status = 'cancelled'
        WHERE shared_payment_id = ${groupId} AND status = 'pending' RETURNING payment_id`,
  );
  const expired = await selectRows<{ txid: string }>(
    tx,
    sql`UPDATE payments SET status = 'expired', updated_at = ${at}::timestamptz
        WHERE id = ANY(${pgIntArray(cancelled.map((row) => Number(row.payment_id)))}::int[]) AND status = 'pending'
        RETURNING txid`,
  );
  // The money of paid shares is already in clearing (the `shared_share` movement): the refund
  // takes it from there, as for any payment that could not be honoured.
  const refunding = await selectRows<{ payment_id: number }>(
    tx,
    sql`UPDATE shared_payment_shares SET status = 'refunding'
        WHERE shared_payment_id = ${groupId} AND status = 'paid' RETURNING payment_id`,
  );
  const refundPaymentIds = refunding.map((row) => Number(row.payment_id));
  await execute(
    tx,
    sql`UPDATE payments SET status = 'refund_required', updated_at = ${at}::timestamptz
        WHERE id = ANY(${pgIntArray(refundPaymentIds)}::int[])`,
  );
  // The seats were held for the order until closes_at: free them now, since
  // a group may close before that (its order could not be honoured).
  await releaseOrderSeatHolds(tx, orderId, orderHoldKey(orderId));
  await endReservations(tx, sql`id = ${orderId}`, 'cancelled');
  // A reservation the lazy reclaim expired first already gave its stock back.
  await execute(
    tx,
    sql`UPDATE orders SET status = 'cancelled', updated_at = ${at}::timestamptz WHERE id = ${orderId} AND status = 'expired'`,
  );
  return { cancelledTxids: expired.map((row) => String(row.txid)), refundPaymentIds };
}
