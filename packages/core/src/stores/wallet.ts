/**
 * The cashless wallet (docs/wallet.md) as the storefront shows it: the balance, the
 * statement by period and kind, "Devolver saldo", PIX top-ups followed until the PSP
 * confirms them, the pay code for the event's point of sale, and the checkout's "Usar saldo
 * da carteira". Reads are `@nanostores/query` fetcher stores keyed by the account
 * (`stores/fetcher.ts`); writes revalidate the wallet's reads.
 */
import { atom, batched, computed, onMount, task } from 'nanostores';
import {
  createPayCode,
  createTopUp,
  fetchReturns,
  fetchStatement,
  fetchTopUp,
  fetchWallet,
  payOrderWithWallet,
  requestReturn,
  type StatementFilter,
} from '../api/wallet.ts';
import type {
  WalletOrderPart,
  WalletPayCode,
  WalletReturn,
  WalletReturnAnswer,
  WalletStatementLine,
  WalletStatementPage,
  WalletSummary,
  WalletTopUp,
} from '../contracts/wallet.ts';
import { WALLET_MESSAGES } from '../messages/wallet.ts';
import { parseReais } from '../rules/money.ts';
import { $checkout, completeCheckout } from './checkout.ts';
import {
  $accountKey,
  createFetcherStore,
  createMutatorStore,
  fetchErrorMessage,
  keysStartingWith,
  revalidateKeys,
} from './fetcher.ts';
import { $payment, PAYMENT_POLL_INTERVAL_MS } from './payment.ts';
import { showToast } from './toasts.ts';

export type { StatementFilter } from '../api/wallet.ts';

const WALLET_KEY = 'wallet/';

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : WALLET_MESSAGES.loadFailed;

const toastFailure = (error: unknown): void => {
  showToast({ kind: 'error', message: messageOf(error) });
};

/** Asks every wallet read again (after a write), keeping what is shown until the answers arrive. */
export function revalidateWallet(): void {
  revalidateKeys(keysStartingWith(WALLET_KEY));
}

/** `GET /wallet`: balance, top-up limits and what a return could send back now. */
export const $wallet = createFetcherStore<WalletSummary>([WALLET_KEY, $accountKey], {
  fetcher: () => fetchWallet(),
});

/** The customer's balance returns ("Devolver saldo"), newest first. */
export const $walletReturns = createFetcherStore<WalletReturn[]>([`${WALLET_KEY}returns/`, $accountKey], {
  fetcher: () => fetchReturns(),
});

/** The statement's filter as applied (dates `YYYY-MM-DD`, one kind). */
export const $walletStatementFilter = atom<StatementFilter>({});

const $statementQuery = computed($walletStatementFilter, (filter) =>
  new URLSearchParams(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => [name, String(value)]),
  ).toString(),
);

/** The statement's first page under the applied filter. */
const $statementFirstPage = createFetcherStore<WalletStatementPage>(
  [`${WALLET_KEY}statement/`, $accountKey, '?', $statementQuery],
  {
    fetcher: (...parts) => {
      const filter: StatementFilter = Object.fromEntries(new URLSearchParams(String(parts[3] ?? '')));
      return fetchStatement(filter);
    },
  },
);

/** Pages read with "Carregar mais", valid only on top of the first page they followed. */
const $statementMore = atom<{
  after: WalletStatementPage;
  lines: WalletStatementLine[];
  nextBefore: number | null;
} | null>(null);

/** The statement as shown. */
export interface WalletStatementView {
  lines: WalletStatementLine[];
  /** Cursor of the next page, `null` at the end. */
  nextBefore: number | null;
  /** True until the first page under the filter is read. */
  loading: boolean;
  error: string | null;
}

/** The statement under {@link $walletStatementFilter}: the first page and those loaded after it. */
export const $walletStatement = batched(
  [$statementFirstPage, $statementMore],
  (first, more): WalletStatementView => {
    const page = first.data;
    const extra = page && more?.after === page ? more : null;
    return {
      lines: page ? [...page.lines, ...(extra?.lines ?? [])] : [],
      nextBefore: extra ? extra.nextBefore : (page?.nextBefore ?? null),
      loading: !page && first.loading,
      error: fetchErrorMessage(first, WALLET_MESSAGES.loadFailed),
    };
  },
);

/** Applies a statement filter (the first page under it is read). */
export function filterWalletStatement(filter: StatementFilter): void {
  $walletStatementFilter.set({ ...filter });
}

/** "Carregar mais": reads the page after the last line shown. */
export function loadMoreWalletStatement(): Promise<void> {
  return task(async () => {
    const first = $statementFirstPage.get().data;
    const { nextBefore } = $walletStatement.get();
    if (!first || nextBefore === null) return;
    try {
      const page = await fetchStatement({ ...$walletStatementFilter.get(), before: nextBefore });
      if ($statementFirstPage.get().data !== first) return;
      const before = $statementMore.get();
      const shown = before?.after === first ? before.lines : [];
      $statementMore.set({ after: first, lines: [...shown, ...page.lines], nextBefore: page.nextBefore });
    } catch (error) {
      toastFailure(error);
    }
  });
}

/** The top-up opened on this page, as last read (pending until paid or lapsed). */
export const $walletTopUp = atom<WalletTopUp | null>(null);

const $pendingTopUpId = computed($walletTopUp, (topUp) => (topUp?.status === 'pending' ? topUp.id : null));

/** The pending top-up, asked every {@link PAYMENT_POLL_INTERVAL_MS} while the page shows it. */
const $topUpCheck = createFetcherStore<WalletTopUp>(
  [`${WALLET_KEY}topups/`, $accountKey, '/', $pendingTopUpId],
  {
    fetcher: (...parts) => {
      const id = Number(parts[3]);
      const shown = $walletTopUp.get();
      // Once credited or lapsed it no longer changes: a tick still due answers what is shown.
      if (shown?.id === id && shown.status !== 'pending') return Promise.resolve(shown);
      return fetchTopUp(id);
    },
    revalidateInterval: PAYMENT_POLL_INTERVAL_MS,
    revalidateOnFocus: true,
    dedupeTime: PAYMENT_POLL_INTERVAL_MS / 3,
    // A failed check is asked again at the next tick.
    onErrorRetry: false,
  },
);

onMount($walletTopUp, () => {
  const stopChecking = $topUpCheck.listen(({ data }) => {
    const shown = $walletTopUp.get();
    if (!data || data.id !== shown?.id || data.status === shown.status) return;
    $walletTopUp.set(data);
    if (data.status === 'credited') {
      showToast({ kind: 'success', message: WALLET_MESSAGES.topUpCredited });
      revalidateWallet();
    }
  });
  // Another account logged in here: the top-up shown was not theirs.
  const stopAccount = $accountKey.listen(() => $walletTopUp.set(null));
  return () => {
    stopChecking();
    stopAccount();
  };
});

/** The outcome of {@link startWalletTopUp}. */
export type WalletTopUpResult =
  | { ok: true; topUp: WalletTopUp }
  /** `amountError`: the amount as typed was refused (shown by the field); `null`: the API host refused (a toast said why). */
  | { ok: false; amountError: string | null };

/**
 * Opens a PIX top-up of the amount as typed in reais, read by the one parser `parseReais`
 * ("198.50" typed on a phone keyboard is R$ 198,50; "1.234" is asked again). The top-up is
 * then followed in {@link $walletTopUp} until credited or expired.
 */
export function startWalletTopUp(amountText: string): Promise<WalletTopUpResult> {
  return task(async () => {
    const read = parseReais(amountText);
    if (!read.ok) return { ok: false, amountError: read.error };
    try {
      const topUp = await createTopUp(read.cents);
      $walletTopUp.set(topUp);
      return { ok: true, topUp };
    } catch (error) {
      toastFailure(error);
      return { ok: false, amountError: null };
    }
  });
}

/** "Devolver saldo": `mutate()` sends the returnable balance back by PIX; `loading` while it runs. */
export const $walletReturn = createMutatorStore<void, WalletReturnAnswer>(
  async ({ revalidate }) => {
    const answer = await requestReturn();
    showToast({ kind: 'success', message: answer.message });
    revalidate(keysStartingWith(WALLET_KEY));
    return answer;
  },
  { throttleCalls: true, onError: toastFailure },
);

/** The point of sale's pay code: `mutate()` makes a new one, shown from `data`. */
export const $walletPayCode = createMutatorStore<void, WalletPayCode>(() => createPayCode(), {
  throttleCalls: true,
  onError: toastFailure,
});

/** The wallet part applied to the checkout's order, while PIX or card pays the rest. */
export const $checkoutWalletPart = atom<WalletOrderPart | null>(null);

/**
 * "Usar saldo da carteira" on the checkout's reserved order (`mutate(orderId)`): the wallet
 * pays all it can. Covering the whole total pays the order and closes the checkout as a paid
 * one; otherwise the part is kept in {@link $checkoutWalletPart} and PIX or card charge the rest.
 */
export const $checkoutWalletPayment = createMutatorStore<string, WalletOrderPart>(
  async ({ data: orderId, revalidate }) => {
    const part = await payOrderWithWallet(orderId);
    revalidate(keysStartingWith(WALLET_KEY));
    if (part.paid) {
      showToast({ kind: 'success', message: WALLET_MESSAGES.walletPaid });
      $payment.set({ ...$payment.get(), phase: 'paid', orderId, message: null });
      completeCheckout();
    } else {
      $checkoutWalletPart.set(part);
    }
    return part;
  },
  { throttleCalls: true, onError: toastFailure },
);

/** The wallet part of the checkout's current order, `null` when the wallet was not used on it. */
export const $currentCheckoutWalletPart = computed([$checkout, $checkoutWalletPart], (checkout, part) =>
  checkout && part && String(part.orderId) === String(checkout.order.id) ? part : null,
);
