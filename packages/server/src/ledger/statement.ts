import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';
import type { MovementKind } from './post.ts';

/** Which lines of a wallet's statement to read, newest first. */
export interface StatementQuery {
  from?: Date;
  /** Exclusive. */
  to?: Date;
  kinds?: MovementKind[];
  /** Lines older than this entry id (the previous page's last `entryId`). */
  beforeEntryId?: number;
  limit: number;
}

/** One movement of a wallet. */
export interface StatementLine {
  entryId: number;
  transactionId: number;
  kind: MovementKind;
  /** Positive: money in; negative: money out. */
  amountCents: number;
  orderId: number | null;
  ticketId: number | null;
  memo: string | null;
  createdAt: Date;
}

/** A customer's wallet movements, newest first, filtered by period and kind. */
export async function walletStatement(
  db: Queryable,
  customerId: number,
  query: StatementQuery,
): Promise<StatementLine[]> {
  const filters: SQL[] = [sql`a.kind = 'customer_wallet'`, sql`a.customer_id = ${customerId}`];
  if (query.from) filters.push(sql`e.created_at >= ${query.from.toISOString()}::timestamptz`);
  if (query.to) filters.push(sql`e.created_at < ${query.to.toISOString()}::timestamptz`);
  if (query.kinds && query.kinds.length > 0) {
    filters.push(
      sql`t.kind IN (${sql.join(
        query.kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
  }
  if (query.beforeEntryId !== undefined) filters.push(sql`e.id < ${query.beforeEntryId}`);
  const rows = await selectRows<{
    id: string | number;
    transaction_id: string | number;
    kind: MovementKind;
    amount_cents: string | number | bigint;
    order_id: number | null;
    ticket_id: number | null;
    memo: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT e.id, e.transaction_id, t.kind, e.amount_cents, t.order_id, t.ticket_id, t.memo, e.created_at
        FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE ${sql.join(filters, sql` AND `)}
        ORDER BY e.id DESC LIMIT ${query.limit}`,
  );
  return rows.map((row) => ({
    entryId: Number(row.id),
    transactionId: Number(row.transaction_id),
    kind: row.kind,
    amountCents: Number(row.amount_cents),
    orderId: row.order_id === null ? null : Number(row.order_id),
    ticketId: row.ticket_id === null ? null : Number(row.ticket_id),
    memo: row.memo,
    createdAt: new Date(row.created_at),
  }));
}
