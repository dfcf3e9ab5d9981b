/** The wallet's balance and statement, read from the ledger (docs/wallet.md). */
import type { WalletMovementKind, WalletStatementPage, WalletSummary } from '@plateia/core/contracts/wallet';
import { WALLET_ANSWER_MESSAGES } from '@plateia/core/messages/wallet';
import type { Queryable } from '../db/sql.ts';
import { type MovementKind, walletBalance, walletStatement } from '../ledger/index.ts';
import { HttpError } from '../plugins/errors.ts';
import { STATEMENT_PAGE, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from './limits.ts';
import { returnableCents } from './returns.ts';

/** The kinds a statement can be filtered by. */
export const WALLET_MOVEMENT_KINDS: WalletMovementKind[] = [
  'wallet_topup',
  'wallet_spend',
  'pos_spend',
  'wallet_return',
  'refund',
  'resale_sale',
  'reversal',
];

/** The balance, the top-up limits and what a return could send back now. */
export async function walletSummary(db: Queryable, customerId: number, now: Date): Promise<WalletSummary> {
  return {
    balanceCents: await walletBalance(db, customerId),
    minTopUpCents: TOPUP_MIN_CENTS,
    maxTopUpCents: TOPUP_MAX_CENTS,
    returnableCents: await returnableCents(db, customerId, now),
  };
}

/** What the statement route accepts. */
export interface StatementFilters {
  from?: string | undefined;
  to?: string | undefined;
  kind?: WalletMovementKind[] | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

/** A date filter as a Date; `end` moves a plain day to the next day's start (inclusive "até"). */
function dateOf(text: string | undefined, end: boolean): Date | undefined {
  if (!text) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const date = new Date(day ? `${text}T00:00:00-03:00` : text);
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000 || date.getUTCFullYear() > 9999) {
    throw new HttpError(400, WALLET_ANSWER_MESSAGES.invalidPeriod, 'invalid_period');
  }
  return day && end ? new Date(date.getTime() + 24 * 60 * 60 * 1000) : date;
}

/** A page of the customer's statement, newest first, by period and kind. */
export async function walletStatementPage(
  db: Queryable,
  customerId: number,
  filters: StatementFilters,
): Promise<WalletStatementPage> {
  const from = dateOf(filters.from, false);
  const to = dateOf(filters.to, true);
  if (from && to && from >= to)
    throw new HttpError(400, WALLET_ANSWER_MESSAGES.invalidPeriod, 'invalid_period');
  const limit = filters.limit ?? STATEMENT_PAGE;
  const lines = await walletStatement(db, customerId, {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(filters.kind?.length ? { kinds: filters.kind as MovementKind[] } : {}),
    ...(filters.before !== undefined ? { beforeEntryId: filters.before } : {}),
    limit: limit + 1,
  });
  const page = lines.slice(0, limit);
  return {
    lines: page.map((line) => ({
      entryId: line.entryId,
      kind: line.kind,
      amountCents: line.amountCents,
      orderId: line.orderId,
      memo: line.memo,
      createdAt: line.createdAt.toISOString(),
    })),
    nextBefore: lines.length > limit ? (page[page.length - 1]?.entryId ?? null) : null,
  };
}
