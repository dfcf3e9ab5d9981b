/**
 * The `refunds` table (migration 0075) as rows and as the wire shape customers read.
 */
import type { Refund, RefundMethod, RefundStatus } from '@plateia/core/contracts/refunds';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import type { PaymentPart } from './amounts.ts';

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
  /** Set on a row that is one more payment's part of its parent's refund (migration 0131). */
  parent_refund_id: number | null;
  /** On a parent: the part of amount_cents its children return to the other payments. */
  split_cents: number;
  created_at: string | Date;
  refunded_at: string | Date | null;
}

/**
 * The part of a refund row that leaves by PIX or card to the row's own payment: the rest went
 * to the wallet, or (split_cents) to other payments by the row's children.
 */
export const externalCents = (
  row: Pick<RefundRow, 'amount_cents' | 'wallet_cents'> & { split_cents?: number },
): number => Number(row.amount_cents) - Number(row.wallet_cents) - Number(row.split_cents ?? 0);

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
    parent_refund_id: row.parent_refund_id === null ? null : Number(row.parent_refund_id),
    split_cents: Number(row.split_cents ?? 0),
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

/**
 * Inserts a refund drawn on several payments (a shared payment's shares; docs/refunds.md,
 * "Shared payments"): the parent row carries the ticket, the amount, the fee and the first
 * part (its `payment_id`), `split_cents` what its children return; one child row per other
 * payment, each its own devolução. The wallet takes only what no payment has left (nothing,
 * as long as refunds never exceed the order). Answers the parent's id; null when it exists.
 */
export async function insertSplitRefund(
  tx: Queryable,
  refund: {
    orderId: number;
    customerId: number;
    ticketId: number | null;
    reason: RefundRow['reason'];
    amountCents: number;
    feeCents: number;
    parts: PaymentPart[];
  },
  now: Date,
): Promise<number | null> {
  const [first, ...others] = refund.parts;
  if (!first) return null;
  const split = others.reduce((sum, part) => sum + part.cents, 0);
  const wallet = refund.amountCents - first.cents - split;
  const at = now.toISOString();
  const parent = await selectOne<{ id: number }>(
    tx,
    sql`INSERT INTO refunds (order_id, customer_id, ticket_id, payment_id, reason, method, amount_cents, fee_cents,
                             wallet_cents, split_cents, status, created_at, updated_at)
        VALUES (${refund.orderId}, ${refund.customerId}, ${refund.ticketId}, ${first.paymentId}, ${refund.reason},
                ${first.method}, ${refund.amountCents}, ${refund.feeCents}, ${wallet}, ${split}, 'requested',
                ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!parent) return null;
  for (const part of others) {
    await selectOne(
      tx,
      sql`INSERT INTO refunds (order_id, customer_id, ticket_id, payment_id, reason, method, amount_cents,
                               parent_refund_id, status, created_at, updated_at)
          VALUES (${refund.orderId}, ${refund.customerId}, ${refund.ticketId}, ${part.paymentId}, ${refund.reason},
                  ${part.method}, ${part.cents}, ${Number(parent.id)}, 'requested', ${at}::timestamptz, ${at}::timestamptz)
          RETURNING id`,
    );
  }
  return Number(parent.id);
}

/** The open child rows of a refund (the other payments' devoluções), by id. */
export async function openChildren(db: Queryable, parentId: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM refunds WHERE parent_refund_id = ${parentId} AND status <> 'refunded' ORDER BY id`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Who gave the money a refund row returns, and so who alone may name another PIX key for it:
 * for a shared payment's share, the verified account of the share's e-mail (or nobody yet,
 * null); for any other payment, the order's buyer (the row's customer).
 */
export async function payerOf(
  db: Queryable,
  row: RefundRow,
): Promise<{ customerId: number | null; email: string | null }> {
  if (row.payment_id !== null) {
    const share = await selectOne<{ email: string; customer_id: number | null }>(
      db,
      sql`SELECT s.email,
                 (SELECT c.id FROM customers c WHERE lower(c.email) = lower(s.email) AND c.email_verified_at IS NOT NULL
                  ORDER BY c.id LIMIT 1) AS customer_id
          FROM shared_payment_shares s WHERE s.payment_id = ${row.payment_id}`,
    );
    if (share) {
      return {
        customerId: share.customer_id === null ? null : Number(share.customer_id),
        email: share.email,
      };
    }
  }
  return { customerId: row.customer_id, email: null };
}

/**
 * One `unfulfilled` refund of the whole amount per payment among `paymentIds` that is
 * `refund_required` (money received for an order that could not be honoured), once per
 * payment. Answers the new refunds' ids; the caller sends them (`processRefund`).
 */
export async function insertUnfulfilledRefunds(
  db: Queryable,
  paymentIds: readonly number[],
  at: Date,
): Promise<number[]> {
  if (paymentIds.length === 0) return [];
  const atIso = at.toISOString();
  const created = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO refunds (order_id, customer_id, payment_id, reason, method, amount_cents, created_at, updated_at)
        SELECT p.order_id, p.customer_id, p.id, 'unfulfilled', p.method, p.amount_cents, ${atIso}::timestamptz, ${atIso}::timestamptz
        FROM payments p WHERE p.id = ANY(${pgIntArray(paymentIds)}::int[]) AND p.status = 'refund_required'
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  return created.map((row) => Number(row.id));
}
