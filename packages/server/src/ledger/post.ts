/**
 * Posting a movement: one balanced, append-only ledger transaction, idempotent by key, with
 * every account's balance kept in the same database transaction and a customer wallet
 * never below zero (docs/ledger.md).
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { accountId, accountKey, type LedgerAccount } from './accounts.ts';

/** What a movement is; the statement and reconciliation group by it. */
export type MovementKind =
  /** A checkout's payment (PIX or card) settled its order. */
  | 'order_payment'
  /** Money arrived for an order that could not be honoured: owed back. */
  | 'order_unfulfilled'
  /** Part of a wallet paid an order. */
  | 'wallet_spend'
  /** A wallet top-up by PIX. */
  | 'wallet_topup'
  /** A purchase at the event's point of sale, paid from the wallet. */
  | 'pos_spend'
  /** A refund owed to the payer (revenue and fees back to clearing, or to the wallet). */
  | 'refund'
  /** A refund or wallet balance sent back out (PIX devolução, card refund). */
  | 'payout'
  /** Wallet leftover returned to the PIX account that topped it up. */
  | 'wallet_return'
  /** A resale settled: the seller's wallet credited. */
  | 'resale_sale'
  /** A shared payment's share received: its money waits in clearing (docs/shared-payments.md). */
  | 'shared_share'
  /** A shared payment completed: the order's revenue recognised from clearing, once. */
  | 'shared_payment'
  /** A meia-entrada ticket paid up to full at the door (docs/meia-entrada.md). */
  | 'meia_upgrade'
  /** Undoes an earlier transaction. */
  | 'reversal';

/** One leg of a movement: cents added to (positive) or taken from (negative) an account. */
export interface LedgerLeg {
  account: LedgerAccount;
  amountCents: number;
}

/** A movement to post. */
export interface Movement {
  /** Unique per movement; a second post with the same key posts nothing and answers the first. */
  idempotencyKey: string;
  kind: MovementKind;
  legs: LedgerLeg[];
  customerId?: number | null;
  orderId?: number | null;
  paymentId?: number | null;
  ticketId?: number | null;
  memo?: string | null;
  /** When it happened (the host's clock); the database's time when omitted. */
  at?: Date;
  /** Set by `reverseMovement` only. */
  reversesId?: number | null;
}

/** What posting answered. */
export interface Posted {
  transactionId: number;
  /** True when the key had been posted before: nothing new was written. */
  duplicate: boolean;
}

/** A movement that would take a customer wallet below zero; nothing was posted. */
export class InsufficientFunds extends Error {
  readonly customerId: number;
  readonly balanceCents: number;
  readonly neededCents: number;

  constructor(customerId: number, balanceCents: number, neededCents: number) {
    super(`wallet of customer ${customerId} holds ${balanceCents} cents, ${neededCents} needed`);
    this.name = 'InsufficientFunds';
    this.customerId = customerId;
    this.balanceCents = balanceCents;
    this.neededCents = neededCents;
  }
}

/** Sums the legs per account; throws on a leg that is not a non-zero integer or a sum that is not zero. */
function netLegs(movement: Movement): Map<string, LedgerLeg> {
  const net = new Map<string, LedgerLeg>();
  let total = 0;
  for (const leg of movement.legs) {
    if (!Number.isSafeInteger(leg.amountCents)) {
      throw new Error(`ledger ${movement.idempotencyKey}: ${leg.amountCents} is not integer cents`);
    }
    total += leg.amountCents;
    const key = accountKey(leg.account);
    const previous = net.get(key);
    net.set(key, { account: leg.account, amountCents: (previous?.amountCents ?? 0) + leg.amountCents });
  }
  if (total !== 0) throw new Error(`ledger ${movement.idempotencyKey}: legs sum to ${total}, not 0`);
  for (const [key, leg] of net) if (leg.amountCents === 0) net.delete(key);
  if (net.size < 2) throw new Error(`ledger ${movement.idempotencyKey}: a movement needs two accounts`);
  return net;
}

/**
 * Posts `movement` inside the caller's transaction `tx`. The idempotency key is claimed
 * first (a concurrent post of the same key waits on it and then answers `duplicate`); the
 * touched customer wallets are locked in id order, so concurrent movements never deadlock;
 * a wallet that would go below zero throws `InsufficientFunds` and the caller's
 * transaction must roll back. The entries' sum is checked again by the database at COMMIT.
 */
export async function postMovement(tx: Queryable, movement: Movement): Promise<Posted> {
  const net = netLegs(movement);
  const claimed = await selectOne<{ id: string | number }>(
    tx,
    sql`INSERT INTO ledger_transactions (idempotency_key, kind, reverses_id, customer_id, order_id, payment_id, ticket_id, memo, created_at)
        VALUES (${movement.idempotencyKey}, ${movement.kind}, ${movement.reversesId ?? null}, ${movement.customerId ?? null},
                ${movement.orderId ?? null}, ${movement.paymentId ?? null}, ${movement.ticketId ?? null}, ${movement.memo ?? null},
                coalesce(${movement.at?.toISOString() ?? null}::timestamptz, now()))
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
  );
  if (!claimed) {
    const first = await selectOne<{ id: string | number }>(
      tx,
      sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${movement.idempotencyKey}`,
    );
    if (!first) throw new Error(`ledger ${movement.idempotencyKey}: claimed key has no transaction`);
    return { transactionId: Number(first.id), duplicate: true };
  }
  const transactionId = Number(claimed.id);

  const legs: { id: number; leg: LedgerLeg }[] = [];
  for (const leg of net.values()) legs.push({ id: await accountId(tx, leg.account), leg });
  legs.sort((a, b) => a.id - b.id);
  // Only customer wallets keep a balance under lock (it must never go below zero); the
  // other accounts' balance is the sum of their entries, so an event's revenue account is
  // not one row every sale of the event waits on.
  const wallets = legs.filter(({ leg }) => leg.account.kind === 'customer_wallet');
  if (wallets.length > 0) {
    const ids = wallets.map((entry) => entry.id);
    const locked = await selectRows<{ id: number; balance_cents: string | number | bigint }>(
      tx,
      sql`SELECT id, balance_cents FROM ledger_accounts WHERE id IN (${sql.join(ids, sql`, `)}) ORDER BY id FOR UPDATE`,
    );
    const balances = new Map(locked.map((row) => [Number(row.id), Number(row.balance_cents)]));
    for (const { id, leg } of wallets) {
      const balance = balances.get(id) ?? 0;
      if (leg.account.kind === 'customer_wallet' && balance + leg.amountCents < 0) {
        throw new InsufficientFunds(leg.account.customerId, balance, -leg.amountCents);
      }
    }
  }

  const at = sql`coalesce(${movement.at?.toISOString() ?? null}::timestamptz, now())`;
  const rows = legs.map(({ id, leg }) => sql`(${transactionId}, ${id}, ${leg.amountCents}, ${at})`);
  await selectRows(
    tx,
    sql`INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, created_at) VALUES ${sql.join(rows, sql`, `)}`,
  );
  if (wallets.length > 0) {
    const deltas = wallets.map(({ id, leg }) => sql`(${id}::integer, ${leg.amountCents}::bigint)`);
    await selectRows(
      tx,
      sql`UPDATE ledger_accounts AS a SET balance_cents = a.balance_cents + d.delta
          FROM (VALUES ${sql.join(deltas, sql`, `)}) AS d (id, delta) WHERE a.id = d.id`,
    );
  }
  return { transactionId, duplicate: false };
}

/**
 * Undoes transaction `transactionId` with its legs negated (a correction; the original
 * stays). A transaction is reversed at most once; a wallet the reversal would take below
 * zero throws `InsufficientFunds`.
 */
export async function reverseMovement(
  tx: Queryable,
  transactionId: number,
  idempotencyKey: string,
  memo?: string,
  at?: Date,
): Promise<Posted> {
  const original = await selectOne<{
    customer_id: number | null;
    order_id: number | null;
    payment_id: number | null;
    ticket_id: number | null;
  }>(
    tx,
    sql`SELECT customer_id, order_id, payment_id, ticket_id FROM ledger_transactions WHERE id = ${transactionId}`,
  );
  if (!original) throw new Error(`ledger transaction ${transactionId} does not exist`);
  const entries = await selectRows<{
    kind: LedgerAccount['kind'];
    customer_id: number | null;
    event_id: number | null;
    amount_cents: string | number | bigint;
  }>(
    tx,
    sql`SELECT a.kind, a.customer_id, a.event_id, e.amount_cents
        FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.transaction_id = ${transactionId}`,
  );
  const legs: LedgerLeg[] = entries.map((entry) => ({
    account: accountOf(entry.kind, entry.customer_id, entry.event_id),
    amountCents: -Number(entry.amount_cents),
  }));
  return postMovement(tx, {
    idempotencyKey,
    kind: 'reversal',
    legs,
    reversesId: transactionId,
    customerId: original.customer_id,
    orderId: original.order_id,
    paymentId: original.payment_id,
    ticketId: original.ticket_id,
    memo: memo ?? null,
    ...(at ? { at } : {}),
  });
}

/** The account a row describes. */
export function accountOf(
  kind: LedgerAccount['kind'],
  customerId: number | null,
  eventId: number | null,
): LedgerAccount {
  if (kind === 'customer_wallet') return { kind, customerId: Number(customerId) };
  if (kind === 'producer_revenue') return { kind, eventId: Number(eventId) };
  return { kind };
}
