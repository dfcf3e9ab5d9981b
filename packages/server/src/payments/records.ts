import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** A row of `payments`: one PIX charge or card attempt for an order. */
export interface PaymentRow {
  id: number;
  order_id: number;
  customer_id: number;
  method: 'pix' | 'card';
  status: 'pending' | 'approved' | 'declined' | 'expired' | 'refund_required';
  amount_cents: number;
  txid: string | null;
  brcode: string | null;
  charge_expires_at: string | Date | null;
  end_to_end_id: string | null;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  gateway_charge_id: string | null;
  installments: number | null;
  card_brand: string | null;
  card_last4: string | null;
  status_detail: string | null;
  paid_at: string | Date | null;
  /** Set for a shared payment's share charge (shared-payments/). */
  shared_payment_id?: number | null;
}

/** A payments row with its ids and amount as numbers, whichever way the driver returned them. */
export const paymentOf = (row: PaymentRow): PaymentRow => ({
  ...row,
  id: Number(row.id),
  order_id: Number(row.order_id),
  amount_cents: Number(row.amount_cents),
});

/** The first payment matching `where` (which may carry its own ORDER BY), or null. */
export async function paymentWhere(db: Queryable, where: SQL): Promise<PaymentRow | null> {
  const row = await selectOne<PaymentRow>(db, sql`SELECT * FROM payments WHERE ${where} LIMIT 1`);
  return row ? paymentOf(row) : null;
}

/** The order's payments still waiting for the PSP or gateway, oldest first. */
export async function pendingPayments(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  const rows = await selectRows<PaymentRow>(
    db,
    sql`SELECT * FROM payments WHERE order_id = ${orderId} AND status = 'pending' ORDER BY id`,
  );
  return rows.map(paymentOf);
}
