import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** The ledger's accounts (migration 0070 lists what each holds). */
export type LedgerAccount =
  | { kind: 'customer_wallet'; customerId: number }
  | { kind: 'producer_revenue'; eventId: number }
  | { kind: 'platform_fees' }
  | { kind: 'platform_clearing' }
  | { kind: 'pix_in' }
  | { kind: 'card_in' }
  | { kind: 'pix_out' }
  | { kind: 'card_out' }
  /** Money the event's producer received at the door (a meia paid up to full, docs/meia-entrada.md). */
  | { kind: 'door_in' };

export type LedgerAccountKind = LedgerAccount['kind'];

/** A stable text key for an account, to group entries by account before posting. */
export function accountKey(account: LedgerAccount): string {
  if (account.kind === 'customer_wallet') return `${account.kind}:${account.customerId}`;
  if (account.kind === 'producer_revenue') return `${account.kind}:${account.eventId}`;
  return account.kind;
}

function ownerColumns(account: LedgerAccount): { customerId: number | null; eventId: number | null } {
  return {
    customerId: account.kind === 'customer_wallet' ? account.customerId : null,
    eventId: account.kind === 'producer_revenue' ? account.eventId : null,
  };
}

/** The id of an account's row, created on first use (concurrent first uses create it once). */
export async function accountId(db: Queryable, account: LedgerAccount): Promise<number> {
  const { customerId, eventId } = ownerColumns(account);
  const find = () =>
    selectOne<{ id: number }>(
      db,
      sql`SELECT id FROM ledger_accounts
          WHERE kind = ${account.kind} AND coalesce(customer_id, 0) = ${customerId ?? 0}
            AND coalesce(event_id, 0) = ${eventId ?? 0}`,
    );
  const existing = await find();
  if (existing) return Number(existing.id);
  const inserted = await selectOne<{ id: number }>(
    db,
    sql`INSERT INTO ledger_accounts (kind, customer_id, event_id) VALUES (${account.kind}, ${customerId}, ${eventId})
        ON CONFLICT (kind, coalesce(customer_id, 0), coalesce(event_id, 0)) DO NOTHING RETURNING id`,
  );
  if (inserted) return Number(inserted.id);
  const raced = await find();
  if (!raced) throw new Error(`ledger account ${accountKey(account)} could not be created`);
  return Number(raced.id);
}

/**
 * An account's balance in cents (0 for an account that never moved): a wallet's kept
 * balance, the sum of the entries for every other account.
 */
export async function balanceOf(db: Queryable, account: LedgerAccount): Promise<number> {
  const { customerId, eventId } = ownerColumns(account);
  const row = await selectOne<{ balance: string | number | bigint | null }>(
    db,
    account.kind === 'customer_wallet'
      ? sql`SELECT balance_cents AS balance FROM ledger_accounts
            WHERE kind = 'customer_wallet' AND customer_id = ${customerId}`
      : sql`SELECT coalesce(sum(e.amount_cents), 0) AS balance
            FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
            WHERE a.kind = ${account.kind} AND coalesce(a.event_id, 0) = ${eventId ?? 0}`,
  );
  return row ? Number(row.balance ?? 0) : 0;
}

/** A customer's wallet balance in cents. */
export function walletBalance(db: Queryable, customerId: number): Promise<number> {
  return balanceOf(db, { kind: 'customer_wallet', customerId });
}
