/**
 * The wallet calls (docs/wallet.md): balance, statement, PIX top-ups, "Devolver saldo", the
 * pay code for the event's point of sale, and the wallet part of a checkout's order. Answer
 * shapes are core's wallet contract, shared with the API host.
 */
import type { EntityId } from '../contracts/ids.ts';
import type {
  WalletOrderPart,
  WalletPayCode,
  WalletReturn,
  WalletReturnAnswer,
  WalletStatementPage,
  WalletSummary,
  WalletTopUp,
} from '../contracts/wallet.ts';
import { WALLET_MESSAGES } from '../messages/wallet.ts';
import { getJson, postJson } from './client.ts';
import { searchParams, wireId } from './public-read.ts';

export type {
  WalletMovementKind,
  WalletOrderPart,
  WalletPayCode,
  WalletReturn,
  WalletReturnAnswer,
  WalletStatementLine,
  WalletStatementPage,
  WalletSummary,
  WalletTopUp,
} from '../contracts/wallet.ts';

const walletMessages = { fallback: WALLET_MESSAGES.loadFailed, preferServerMessage: true };

/** `GET /wallet`: balance, top-up limits, what a return could send back now. */
export function fetchWallet(): Promise<WalletSummary> {
  return getJson('wallet', walletMessages);
}

/** Statement filters: dates `YYYY-MM-DD`, one kind, and `before` for the next page. */
export interface StatementFilter {
  from?: string;
  to?: string;
  kind?: string;
  before?: number;
  limit?: number;
}

/** `GET /wallet/statement`: a page of lines, newest first. */
export function fetchStatement(filter: StatementFilter = {}): Promise<WalletStatementPage> {
  return getJson('wallet/statement', walletMessages, {
    searchParams: searchParams({ ...filter }),
  });
}

/** `POST /wallet/topups`: opens a PIX charge for `amountCents`. */
export function createTopUp(amountCents: number): Promise<WalletTopUp> {
  return postJson('wallet/topups', { amountCents }, walletMessages);
}

/** `GET /wallet/topups/{id}`: the top-up, checked with the PSP while pending (for polling). */
export function fetchTopUp(id: EntityId): Promise<WalletTopUp> {
  return getJson(`wallet/topups/${encodeURIComponent(id)}`, walletMessages, { retry: 0 });
}

/** `POST /wallet/returns`: "Devolver saldo". */
export function requestReturn(): Promise<WalletReturnAnswer> {
  return postJson('wallet/returns', {}, walletMessages);
}

/** `GET /wallet/returns`: the customer's returns, newest first. */
export async function fetchReturns(): Promise<WalletReturn[]> {
  return (await getJson<{ returns: WalletReturn[] }>('wallet/returns', walletMessages)).returns;
}

/** `POST /wallet/pay-code`: a 10-minute code for the event's point of sale. */
export function createPayCode(): Promise<WalletPayCode> {
  return postJson('wallet/pay-code', {}, walletMessages);
}

/** `POST /wallet/checkout`: uses the wallet (all it can, or `amountCents`) for a reserved order. */
export function payOrderWithWallet(orderId: EntityId, amountCents?: number): Promise<WalletOrderPart> {
  return postJson(
    'wallet/checkout',
    { orderId: wireId(orderId), ...(amountCents !== undefined ? { amountCents } : {}) },
    walletMessages,
  );
}

/** `POST /wallet/checkout/{orderId}/release`: takes the wallet part off the order. */
export function removeWalletFromOrder(orderId: EntityId): Promise<{ balanceCents: number }> {
  return postJson(`wallet/checkout/${encodeURIComponent(orderId)}/release`, {}, walletMessages);
}
