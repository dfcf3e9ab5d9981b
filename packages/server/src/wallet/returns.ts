/**
 * Returning the leftover (docs/wallet.md): the balance goes back to the PIX accounts that
 * paid the top-ups, newest top-up first, each return at most what is left of its top-up,
 * only top-ups of the last 90 days, with no fee. Each return is a PIX devolução of the
 * top-up's endToEndId with an id we choose (a retry never returns twice), driven by the
 * devolução machine (payments/pix/devolucoes.ts), and a ledger `wallet_return` (wallet →
 * pix_out, key `wallet-return:{id}`) posted when it is asked; NAO_REALIZADO reverses it (the
 * money is back in the wallet). The customer asks for it
 * ("Devolver saldo"); after an event the `wallet.return-after-events` job does it.
 */
import { randomBytes } from 'node:crypto';
import type { WalletReturn, WalletReturnAnswer } from '@plateia/core/contracts/wallet';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { InsufficientFunds, postMovement, reverseMovement, walletBalance } from '../ledger/index.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { applyDevolucao, askDevolucao, type DevolucaoOwner } from '../payments/pix/devolucoes.ts';
import { HttpError } from '../plugins/errors.ts';
import { RETURN_WINDOW_DAYS } from './limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a return uses: the PSP, the clock and the log. */
export type ReturnDeps = Pick<PaymentDeps, 'providers' | 'now' | 'log'>;

interface ReturnRow {
  id: number;
  customer_id: number;
  topup_id: number;
  amount_cents: number;
  devolucao_id: string;
  status: 'requested' | 'returned' | 'failed';
  created_at: string | Date;
  end_to_end_id: string;
}

const returnOf = (row: ReturnRow): ReturnRow => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
  topup_id: Number(row.topup_id),
  amount_cents: Number(row.amount_cents),
});

/** A top-up that can still take a return: credited inside the window, not fully returned. */
interface Returnable {
  id: number;
  left: number;
}

/** The customer's top-ups a return may use, newest first (locked when `lock`). */
async function returnableTopUps(
  db: Queryable,
  customerId: number,
  now: Date,
  lock: boolean,
): Promise<Returnable[]> {
  const since = new Date(now.getTime() - RETURN_WINDOW_DAYS * DAY_MS);
  const rows = await selectRows<{ id: number; left_cents: number }>(
    db,
    sql`SELECT id, amount_cents - returned_cents AS left_cents FROM wallet_topups
        WHERE customer_id = ${customerId} AND status = 'credited' AND paid_at >= ${since.toISOString()}::timestamptz
          AND returned_cents < amount_cents
        ORDER BY paid_at DESC, id DESC ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows.map((row) => ({ id: Number(row.id), left: Number(row.left_cents) }));
}

/** Cents a return could send back now: the balance, up to what the window's top-ups can take. */
export async function returnableCents(db: Queryable, customerId: number, now: Date): Promise<number> {
  const balance = await walletBalance(db, customerId);
  const room = (await returnableTopUps(db, customerId, now, false)).reduce(
    (sum, topUp) => sum + topUp.left,
    0,
  );
  return Math.min(balance, room);
}

/**
 * Sends the customer's leftover back by devolução: the returns are recorded and posted in one
 * transaction (the top-ups locked, so two requests never return the same money), then asked
 * of the PSP. 409 when there is nothing a return can send.
 */
export async function returnLeftover(
  db: Database,
  deps: ReturnDeps,
  customerId: number,
  reason: 'customer' | 'after_event',
): Promise<WalletReturnAnswer> {
  const now = deps.now();
  let created: ReturnRow[];
  try {
    created = await db.transaction(async (tx) => {
      const topUps = await returnableTopUps(tx, customerId, now, true);
      let remaining = await walletBalance(tx, customerId);
      const rows: ReturnRow[] = [];
      for (const topUp of topUps) {
        if (remaining <= 0) break;
        const amount = Math.min(remaining, topUp.left);
        rows.push(await recordReturn(tx, customerId, topUp.id, amount, reason, now));
        remaining -= amount;
      }
      return rows;
    });
  } catch (error) {
    // A spend took the balance meanwhile: nothing was recorded; the customer may ask again.
    if (error instanceof InsufficientFunds)
      throw new HttpError(409, WALLET_ANSWER_MESSAGES.insufficientFunds, 'insufficient_funds');
    throw error;
  }
  if (created.length === 0)
    throw new HttpError(409, WALLET_ANSWER_MESSAGES.returnNothing, 'nothing_to_return');
  for (const row of created) await askReturn(db, deps, row, false);
  const returns = await selectRows<ReturnRow>(
    db,
    sql`SELECT r.*, t.end_to_end_id FROM wallet_returns r JOIN wallet_topups t ON t.id = r.topup_id
        WHERE r.id IN (${sql.join(
          created.map((row) => sql`${row.id}`),
          sql`, `,
        )}) ORDER BY r.id`,
  );
  return {
    returns: returns.map(returnOf).map(returnView),
    returnedCents: created.reduce((sum, row) => sum + row.amount_cents, 0),
    balanceCents: await walletBalance(db, customerId),
    message: WALLET_ANSWER_MESSAGES.returnRequested,
  };
}

/** Records one return against a top-up and takes it from the wallet (`wallet_return`). */
async function recordReturn(
  tx: Queryable,
  customerId: number,
  topUpId: number,
  amount: number,
  reason: 'customer' | 'after_event',
  now: Date,
): Promise<ReturnRow> {
  const devolucaoId = `PLTWD${randomBytes(12).toString('hex')}`;
  const row = await selectOne<ReturnRow>(
    tx,
    sql`WITH r AS (
          INSERT INTO wallet_returns (customer_id, topup_id, amount_cents, devolucao_id, reason, created_at, updated_at)
          VALUES (${customerId}, ${topUpId}, ${amount}, ${devolucaoId}, ${reason},
                  ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
          RETURNING *)
        SELECT r.*, t.end_to_end_id FROM r JOIN wallet_topups t ON t.id = r.topup_id`,
  );
  await execute(
    tx,
    sql`UPDATE wallet_topups SET returned_cents = returned_cents + ${amount}, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${topUpId}`,
  );
  const created = returnOf(row!);
  await postMovement(tx, {
    idempotencyKey: `wallet-return:${created.id}`,
    kind: 'wallet_return',
    legs: [
      { account: { kind: 'customer_wallet', customerId }, amountCents: -amount },
      { account: { kind: 'pix_out' }, amountCents: amount },
    ],
    customerId,
    memo: `Devolução PIX ${devolucaoId}`,
    at: now,
  });
  return created;
}

/** What the PSP is told a return is. */
const RETURN_DESCRICAO = 'Plateia: devolução do saldo da carteira';

/**
 * Asks the PSP for one return's devolução (the machine, payments/pix/devolucoes.ts) and
 * applies its answer; `known` reads it first (the job: it may have been asked before). A PSP
 * that cannot be reached leaves it for the job.
 */
async function askReturn(db: Database, deps: ReturnDeps, row: ReturnRow, known: boolean): Promise<void> {
  try {
    const devolucao = await askDevolucao(
      deps.providers.pix,
      {
        endToEndId: row.end_to_end_id,
        id: row.devolucao_id,
        amountCents: row.amount_cents,
        descricao: RETURN_DESCRICAO,
        known,
      },
      deps.now(),
    );
    await applyDevolucao(db, deps, walletReturnDevolucoes, row.id, devolucao);
  } catch (error) {
    deps.log.warn({ err: error, returnId: row.id }, 'wallet return devolução not asked; the job asks again');
  }
}

/**
 * Wallet returns as a kind of devolução (payments/pix/devolucoes.ts): one attempt under the
 * id `PLTWD…` chosen at the request; the `wallet_return` movement is posted when asked, so
 * DEVOLVIDO only closes the return and NAO_REALIZADO reverses the movement and gives the
 * amount back to its top-up (the money is back in the wallet, returnable again).
 */
export const walletReturnDevolucoes: DevolucaoOwner<ReturnDeps> = {
  kind: 'wallet_return',
  maxAttempts: 1,
  async recordOf(db, id) {
    const row = await selectOne<{ id: number }>(
      db,
      sql`SELECT id FROM wallet_returns WHERE devolucao_id = ${id}`,
    );
    return row ? Number(row.id) : null;
  },
  async lock(tx, returnId) {
    const row = await selectOne<{ status: ReturnRow['status']; devolucao_id: string }>(
      tx,
      sql`SELECT status, devolucao_id FROM wallet_returns WHERE id = ${returnId} FOR UPDATE`,
    );
    if (!row) return null;
    return { id: row.devolucao_id, attempts: 1, state: row.status === 'requested' ? 'open' : 'closed' };
  },
  async apply(tx, returnId, change, now) {
    const at = now.toISOString();
    // No state of its own for EM_PROCESSAMENTO: a return is `requested` until it ends.
    if (change.to === 'processing') return;
    if (change.to === 'returned') {
      await execute(
        tx,
        sql`UPDATE wallet_returns SET status = 'returned', updated_at = ${at}::timestamptz WHERE id = ${returnId}`,
      );
      return;
    }
    const row = await selectOne<{ topup_id: number; amount_cents: number }>(
      tx,
      sql`UPDATE wallet_returns SET status = 'failed', status_detail = ${change.motivo}, updated_at = ${at}::timestamptz
          WHERE id = ${returnId} RETURNING topup_id, amount_cents`,
    );
    if (!row) return;
    await execute(
      tx,
      sql`UPDATE wallet_topups SET returned_cents = returned_cents - ${Number(row.amount_cents)}
          WHERE id = ${Number(row.topup_id)}`,
    );
    const posted = await selectOne<{ id: string | number }>(
      tx,
      sql`SELECT id FROM ledger_transactions WHERE idempotency_key = ${`wallet-return:${returnId}`}`,
    );
    if (posted) {
      await reverseMovement(
        tx,
        Number(posted.id),
        `wallet-return-failed:${returnId}`,
        'Devolução PIX não realizada',
        now,
      );
    }
  },
};

/** Returns still open are asked of the PSP again (the `wallet.refresh-returns` job). */
export async function refreshOpenReturns(db: Database, deps: ReturnDeps): Promise<number> {
  const open = (
    await selectRows<ReturnRow>(
      db,
      sql`SELECT r.*, t.end_to_end_id FROM wallet_returns r JOIN wallet_topups t ON t.id = r.topup_id
          WHERE r.status = 'requested' ORDER BY r.id LIMIT 200`,
    )
  ).map(returnOf);
  for (const row of open) await askReturn(db, deps, row, true);
  return open.length;
}

/** How long after an event ends its spenders' leftovers go back by themselves. */
export const RETURN_AFTER_EVENT_HOURS = 12;

/**
 * The automatic return (the `wallet.return-after-events` job): 12 hours after an event ends,
 * every customer who spent at its point of sale or held a ticket to it, holds no ticket to an
 * event not yet over, and still has top-up money inside the window gets it back by devolução.
 * Events that ended more than 7 days ago are no longer scanned (their customers were handled).
 */
export async function returnAfterEvents(db: Database, deps: ReturnDeps): Promise<number> {
  const now = deps.now();
  const until = new Date(now.getTime() - RETURN_AFTER_EVENT_HOURS * 60 * 60 * 1000);
  const since = new Date(until.getTime() - 7 * DAY_MS);
  const customers = await selectRows<{ customer_id: number }>(
    db,
    sql`WITH ended AS (
          SELECT id FROM events
          WHERE ends_at <= ${until.toISOString()}::timestamptz AND ends_at > ${since.toISOString()}::timestamptz
        ), people AS (
          SELECT customer_id FROM wallet_pos_spends WHERE event_id IN (SELECT id FROM ended)
          UNION
          SELECT customer_id FROM tickets WHERE event_id IN (SELECT id FROM ended) AND customer_id IS NOT NULL
        )
        SELECT DISTINCT p.customer_id FROM people p
        JOIN ledger_accounts a ON a.kind = 'customer_wallet' AND a.customer_id = p.customer_id AND a.balance_cents > 0
        WHERE NOT EXISTS (
          SELECT 1 FROM tickets t JOIN events e ON e.id = t.event_id
          WHERE t.customer_id = p.customer_id AND t.status IN ('valid', 'used')
            AND e.ends_at > ${now.toISOString()}::timestamptz)
        ORDER BY p.customer_id LIMIT 500`,
  );
  let returned = 0;
  for (const { customer_id } of customers) {
    const customerId = Number(customer_id);
    if ((await returnableCents(db, customerId, now)) <= 0) continue;
    try {
      await returnLeftover(db, deps, customerId, 'after_event');
      returned++;
    } catch (error) {
      deps.log.warn({ err: error, customerId }, 'automatic wallet return failed; the next run tries again');
    }
  }
  return returned;
}

/** The customer's returns, newest first. */
export async function customerReturns(db: Queryable, customerId: number): Promise<WalletReturn[]> {
  const rows = await selectRows<ReturnRow>(
    db,
    sql`SELECT r.*, '' AS end_to_end_id FROM wallet_returns r WHERE r.customer_id = ${customerId} ORDER BY r.id DESC LIMIT 50`,
  );
  return rows.map(returnOf).map(returnView);
}

function returnView(row: ReturnRow): WalletReturn {
  return {
    id: row.id,
    topUpId: row.topup_id,
    amountCents: row.amount_cents,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
