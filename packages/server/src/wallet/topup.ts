/**
 * Top-ups by PIX: each one is its own charge at the PSP (txid `PLTW…`), confirmed with the
 * PSP's own record (`GET /cob/{txid}`) before the wallet is credited, once per endToEndId
 * (ledger `wallet_topup`, key `topup:{id}`). The PSP's webhook, the top-up's status polling
 * and the `wallet.reconcile-topups` job all end in `confirmTopUp`.
 */
import { randomBytes } from 'node:crypto';
import type { WalletTopUp } from '@plateia/core/contracts/wallet';
import { formatCents } from '@plateia/core/format/money';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { postMovement } from '../ledger/index.ts';
import type { PaymentDeps, PixChargePurpose, PixConfirmation } from '../payments/deps.ts';
import { brCodeSvg } from '../payments/pix/brcode.ts';
import { centsToValor, PixProviderError, valorToCents } from '../payments/pix/provider.ts';
import { HttpError } from '../plugins/errors.ts';
import { TOPUP_CHARGE_SECONDS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS, TOPUP_TXID_PREFIX } from './limits.ts';

/** A row of `wallet_topups`. */
export interface TopUpRow {
  id: number;
  customer_id: number;
  amount_cents: number;
  status: 'pending' | 'credited' | 'expired';
  txid: string;
  brcode: string;
  charge_expires_at: string | Date;
  end_to_end_id: string | null;
  paid_at: string | Date | null;
  returned_cents: number;
  created_at: string | Date;
}

/** What top-ups use: the PSP, the clock and the log. */
export type TopUpDeps = Pick<PaymentDeps, 'providers' | 'now' | 'log'>;

/** What confirming a top-up did (the webhook logs it like an order's confirmation). */
export type TopUpConfirmation = Extract<
  PixConfirmation,
  'settled' | 'duplicate' | 'unknown_txid' | 'not_confirmed' | 'amount_mismatch'
>;

/** True for a txid this host gave a top-up charge (order charges never carry the prefix). */
export function isWalletTopUpTxid(txid: string): boolean {
  return txid.startsWith(TOPUP_TXID_PREFIX);
}

/** Top-ups as a purpose of PIX charges (payments/deps.ts): the PSP's webhook credits the wallet. */
export const walletTopUpCharges: PixChargePurpose = {
  owns: isWalletTopUpTxid,
  confirm: (db, deps, txid, endToEndId) => confirmTopUp(db, deps, txid, endToEndId),
};

const topUpOf = (row: TopUpRow): TopUpRow => ({
  ...row,
  id: Number(row.id),
  customer_id: Number(row.customer_id),
  amount_cents: Number(row.amount_cents),
  returned_cents: Number(row.returned_cents),
});

async function topUpWhere(db: Queryable, where: ReturnType<typeof sql>): Promise<TopUpRow | null> {
  const row = await selectOne<TopUpRow>(db, sql`SELECT * FROM wallet_topups WHERE ${where} LIMIT 1`);
  return row ? topUpOf(row) : null;
}

/** Refuses an amount outside the top-up limits with the pt-BR reason. */
export function assertTopUpAmount(amountCents: number): void {
  if (amountCents < TOPUP_MIN_CENTS) {
    throw new HttpError(
      400,
      WALLET_ANSWER_MESSAGES.topUpTooSmall(formatCents(TOPUP_MIN_CENTS)),
      'amount_too_small',
    );
  }
  if (amountCents > TOPUP_MAX_CENTS) {
    throw new HttpError(
      400,
      WALLET_ANSWER_MESSAGES.topUpTooLarge(formatCents(TOPUP_MAX_CENTS)),
      'amount_too_large',
    );
  }
}

/** Opens a top-up's PIX charge at the PSP (`PUT /cob/{txid}`) and records it. */
export async function createTopUp(
  db: Database,
  deps: TopUpDeps,
  customerId: number,
  amountCents: number,
): Promise<WalletTopUp> {
  assertTopUpAmount(amountCents);
  const txid = `${TOPUP_TXID_PREFIX}${randomBytes(14).toString('hex')}`;
  const now = deps.now();
  let brcode: string;
  try {
    const cob = await deps.providers.pix.createCharge(txid, {
      calendario: { expiracao: TOPUP_CHARGE_SECONDS },
      valor: { original: centsToValor(amountCents) },
      chave: deps.providers.settings.pixKey,
      solicitacaoPagador: 'Plateia recarga da carteira',
    });
    brcode = cob.pixCopiaECola;
  } catch (error) {
    if (!(error instanceof PixProviderError)) throw error;
    deps.log.error({ err: error, customerId }, 'PSP refused or unreachable when creating a top-up charge');
    throw new HttpError(502, WALLET_ANSWER_MESSAGES.pixUnavailable, 'psp_unavailable');
  }
  const expiresAt = new Date(now.getTime() + TOPUP_CHARGE_SECONDS * 1000);
  const row = await selectOne<TopUpRow>(
    db,
    sql`INSERT INTO wallet_topups (customer_id, amount_cents, txid, brcode, charge_expires_at, created_at, updated_at)
        VALUES (${customerId}, ${amountCents}, ${txid}, ${brcode}, ${expiresAt.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING *`,
  );
  return topUpView(deps, topUpOf(row!));
}

/**
 * The customer's top-up, refreshed from the PSP while it is pending (so a lost webhook never
 * strands it); a charge past its expiry that is still unpaid is removed at the PSP.
 */
export async function topUpStatus(
  db: Database,
  deps: TopUpDeps,
  customerId: number,
  topUpId: number,
): Promise<WalletTopUp> {
  let topUp = await topUpWhere(db, sql`id = ${topUpId}`);
  if (!topUp) throw new HttpError(404, WALLET_ANSWER_MESSAGES.topUpNotFound, 'not_found');
  if (topUp.customer_id !== customerId)
    throw new HttpError(403, WALLET_ANSWER_MESSAGES.topUpForbidden, 'forbidden');
  if (topUp.status === 'pending') {
    await refreshTopUp(db, deps, topUp);
    topUp = (await topUpWhere(db, sql`id = ${topUpId}`))!;
  }
  return topUpView(deps, topUp);
}

/** Asks the PSP about one pending top-up and applies the answer; a PSP that is down changes nothing. */
export async function refreshTopUp(db: Database, deps: TopUpDeps, topUp: TopUpRow): Promise<void> {
  try {
    const result = await confirmTopUp(db, deps, topUp.txid);
    if (result === 'not_confirmed' && new Date(topUp.charge_expires_at).getTime() <= deps.now().getTime()) {
      await deps.providers.pix.removeCharge(topUp.txid).catch(() => {});
      // A PIX that still lands after this is credited anyway (confirmTopUp accepts an expired top-up).
      await execute(
        db,
        sql`UPDATE wallet_topups SET status = 'expired', updated_at = now() WHERE id = ${topUp.id} AND status = 'pending'`,
      );
    }
  } catch (error) {
    deps.log.warn({ err: error, topUpId: topUp.id }, 'top-up status refresh failed');
  }
}

/**
 * Confirms a top-up's PIX with the PSP and credits the wallet: the PSP's record must say
 * CONCLUIDA, list the endToEndId (when the webhook named one) and carry the charge's amount.
 * The credit and the top-up's update are one transaction with the row locked, and the
 * ledger key `topup:{id}` makes a second delivery post nothing. Throws PixProviderError when
 * the PSP cannot be asked (the webhook answers 503 so the PSP retries).
 */
export async function confirmTopUp(
  db: Database,
  deps: TopUpDeps,
  txid: string,
  endToEndId?: string,
): Promise<TopUpConfirmation> {
  const topUp = await topUpWhere(db, sql`txid = ${txid}`);
  if (!topUp) return 'unknown_txid';
  if (topUp.status === 'credited') return 'duplicate';
  const cob = await deps.providers.pix.getCharge(txid);
  if (cob?.status !== 'CONCLUIDA' || !cob.pix?.length) return 'not_confirmed';
  const received = endToEndId ? cob.pix.find((entry) => entry.endToEndId === endToEndId) : cob.pix[0];
  if (!received || received.txid !== txid) return 'not_confirmed';
  const cents = valorToCents(received.valor);
  if (cents !== topUp.amount_cents || valorToCents(cob.valor.original) !== topUp.amount_cents) {
    deps.log.warn({ txid, endToEndId: received.endToEndId }, 'PIX amount differs from the top-up');
    return 'amount_mismatch';
  }
  const now = deps.now();
  const paidAt = new Date(received.horario);
  return db.transaction(async (tx) => {
    const locked = await selectOne<{ status: string }>(
      tx,
      sql`SELECT status FROM wallet_topups WHERE id = ${topUp.id} FOR UPDATE`,
    );
    if (!locked || locked.status === 'credited') return 'duplicate';
    await execute(
      tx,
      sql`UPDATE wallet_topups SET status = 'credited', end_to_end_id = ${received.endToEndId},
            paid_at = ${paidAt.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${topUp.id}`,
    );
    const posted = await postMovement(tx, {
      idempotencyKey: `topup:${topUp.id}`,
      kind: 'wallet_topup',
      legs: [
        { account: { kind: 'pix_in' }, amountCents: -topUp.amount_cents },
        {
          account: { kind: 'customer_wallet', customerId: topUp.customer_id },
          amountCents: topUp.amount_cents,
        },
      ],
      customerId: topUp.customer_id,
      memo: `Recarga PIX ${received.endToEndId}`,
      at: now,
    });
    return posted.duplicate ? 'duplicate' : 'settled';
  });
}

/** Pending top-ups confirmed with the PSP without anyone polling (the `wallet.reconcile-topups` job). */
export async function reconcilePendingTopUps(db: Database, deps: TopUpDeps): Promise<number> {
  const pending = (
    await selectRows<TopUpRow>(
      db,
      sql`SELECT * FROM wallet_topups WHERE status = 'pending' ORDER BY id LIMIT 200`,
    )
  ).map(topUpOf);
  for (const topUp of pending) await refreshTopUp(db, deps, topUp);
  return pending.length;
}

/** A top-up as answered: its charge, QR and, in sandbox, where to simulate paying. */
function topUpView(deps: TopUpDeps, topUp: TopUpRow): WalletTopUp {
  const simulate = deps.providers.simulateUrl;
  return {
    id: topUp.id,
    amountCents: topUp.amount_cents,
    status: topUp.status,
    txid: topUp.txid,
    brcode: topUp.brcode,
    qrSvg: brCodeSvg(topUp.brcode),
    expiresAt: new Date(topUp.charge_expires_at).toISOString(),
    paidAt: topUp.paid_at ? new Date(topUp.paid_at).toISOString() : null,
    ...(simulate ? { simulateUrl: simulate(topUp.txid) } : {}),
  };
}
