/**
 * The `refunds` table (migration 0075) as rows and as the wire shape customers read.
 */
import type { Refund, RefundMethod, RefundStatus } from '@plateia/core/contracts/refunds';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** A refund row joined with its order number. */
export interface RefundRow {
  id: number;
  order_id: number;
  order_number: string;
  customer_id: number;
  ticket_id: number | null;
  payment_id: number | null;
  reason: Refund['reason'];
  method: RefundMethod;
  amount_cents: number;
  fee_cents: number;
  wallet_cents: number;
  status: RefundStatus;
  attempts: number;
  devolucao_id: string | null;
  card_refund_id: string | null;
  pix_key: string | null;
  status_detail: string | null;
  created_at: string | Date;
  refunded_at: string | Date | null;
}

/** The part of a refund that leaves by PIX or card (the rest went to the wallet). */
export const externalCents = (row: Pick<RefundRow, 'amount_cents' | 'wallet_cents'>): number =>
  Number(row.amount_cents) - Number(row.wallet_cents);

function normalise(row: RefundRow): RefundRow {
  return {
    ...row,
    id: Number(row.id),
    order_id: Number(row.order_id),
    customer_id: Number(row.customer_id),
    ticket_id: row.ticket_id === null ? null : Number(row.ticket_id),
    payment_id: row.payment_id === null ? null : Number(row.payment_id),
    amount_cents: Number(row.amount_cents),
    fee_cents: Number(row.fee_cents),
    wallet_cents: Number(row.wallet_cents),
    attempts: Number(row.attempts),
  };
}

/** Refund rows matching `where` (a condition on `r`), oldest first. */
export async function refundsWhere(db: Queryable, where: SQL, lock = false): Promise<RefundRow[]> {
  const rows = await selectRows<RefundRow>(
    db,
    sql`SELECT r.*, o.number AS order_number FROM refunds r JOIN orders o ON o.id = r.order_id
        WHERE ${where} ORDER BY r.id ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return rows.map(normalise);
}

/** One refund by id, optionally locked. */
export async function refundById(db: Queryable, id: number, lock = false): Promise<RefundRow | null> {
  const [row] = await refundsWhere(db, sql`r.id = ${id}`, lock);
  return row ?? null;
}

/** Updates a refund's columns (snake_case keys) and answers the row. */
export async function updateRefund(
  db: Queryable,
  id: number,
  changes: Record<string, string | number | null>,
  at: Date,
): Promise<void> {
  const sets = Object.entries(changes).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  sets.push(sql`updated_at = ${at.toISOString()}::timestamptz`);
  await selectOne(db, sql`UPDATE refunds SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING id`);
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A refund as customers read it. */
export function refundView(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.order_id,
    orderNumber: row.order_number,
    ticketId: row.ticket_id,
    reason: row.reason,
    method: row.method,
    status: row.status,
    amountCents: row.amount_cents,
    feeCents: row.fee_cents,
    walletCents: row.wallet_cents,
    statusDetail: row.status_detail,
    createdAt: iso(row.created_at),
    refundedAt: row.refunded_at ? iso(row.refunded_at) : null,
  };
}
