import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** What a reconciliation found; every figure is zero or empty when the ledger is sound. */
export interface TrialBalance {
  /** The sum of every entry ever posted (0 in a double-entry ledger). */
  totalCents: number;
  /** Transactions whose entries do not sum to zero. */
  unbalancedTransactions: number[];
  /** Wallets whose kept balance differs from the sum of their entries. */
  driftedAccounts: number[];
  /** Customer wallets below zero. */
  negativeWallets: number[];
}

/** Recomputes the ledger from its entries and compares it with the kept balances. */
export async function trialBalance(db: Queryable): Promise<TrialBalance> {
  const total = await selectOne<{ total: string | number | null }>(
    db,
    sql`SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_entries`,
  );
  const unbalanced = await selectRows<{ transaction_id: string | number }>(
    db,
    sql`SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount_cents) <> 0`,
  );
  const drifted = await selectRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM ledger_accounts a
        LEFT JOIN (SELECT account_id, sum(amount_cents) AS total FROM ledger_entries GROUP BY account_id) e
          ON e.account_id = a.id
        WHERE a.kind = 'customer_wallet' AND a.balance_cents <> coalesce(e.total, 0)`,
  );
  const negative = await selectRows<{ customer_id: number }>(
    db,
    sql`SELECT customer_id FROM ledger_accounts WHERE kind = 'customer_wallet' AND balance_cents < 0`,
  );
  return {
    totalCents: Number(total?.total ?? 0),
    unbalancedTransactions: unbalanced.map((row) => Number(row.transaction_id)),
    driftedAccounts: drifted.map((row) => Number(row.id)),
    negativeWallets: negative.map((row) => Number(row.customer_id)),
  };
}
