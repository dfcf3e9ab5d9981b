// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { WalletStatementPage, WalletSummary, WalletTopUp } from '../contracts/wallet.ts';
import { MONEY_MESSAGES } from '../messages/money.ts';
import { WALLET_MESSAGES } from '../messages/wallet.ts';
import { type ApiCall, fakeRoutes, json } from '../test/fake-api.ts';
import { clearFetcherCache } from './fetcher.ts';
import { PAYMENT_POLL_INTERVAL_MS } from './payment.ts';
import { $user } from './session.ts';
import { $toasts, clearToasts } from './toasts.ts';
import {
  $wallet,
  $walletReturn,
  $walletStatement,
  $walletTopUp,
  filterWalletStatement,
  loadMoreWalletStatement,
  startWalletTopUp,
} from './wallet.ts';

const summary = (balanceCents: number): WalletSummary => ({
  balanceCents,
  minTopUpCents: 1_000,
  maxTopUpCents: 500_000,
  returnableCents: balanceCents,
});

const topUp = (status: WalletTopUp['status'], amountCents = 19_850): WalletTopUp => ({
  id: 31,
  amountCents,
  status,
  txid: 'tx31',
  brcode: '0002010102',
  qrSvg: '<svg/>',
  expiresAt: '2026-11-24T10:00:00.000Z',
  paidAt: status === 'credited' ? '2026-11-24T09:01:00.000Z' : null,
});

const line = (entryId: number) => ({
  entryId,
  kind: 'wallet_topup',
  amountCents: 1_000,
  orderId: null,
  memo: null,
  createdAt: '2026-11-24T09:00:00.000Z',
});

const gets = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-24T09:00:00.000Z') });
  $user.set({ id: 7, user: 'ana@x.com' });
  clearToasts();
});

afterEach(() => {
  cleanStores($wallet, $walletTopUp, $walletReturn, $walletStatement, $toasts);
  clearFetcherCache();
  filterWalletStatement({});
  $walletTopUp.set(null);
  vi.useRealTimers();
  configureApi({});
  $user.set(null);
});

async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await allTasks();
}

describe('the balance', () => {
  it('asks nothing without a session, and per account once logged in', async () => {
    $user.set(null);
    const calls = fakeRoutes({ 'GET /wallet': () => json(200, summary(5_000)) });
    const unbind = $wallet.listen(() => {});
    await settle();
    expect(calls).toHaveLength(0);
    $user.set({ id: 7, user: 'ana@x.com' });
    await settle();
    expect($wallet.get().data?.balanceCents).toBe(5_000);
    // Another account does not see the first one's answer: it is asked again.
    $user.set({ id: 8, user: 'bia@x.com' });
    await settle();
    expect(gets(calls, '/wallet')).toHaveLength(2);
    unbind();
  });

  it('keeps the pt-BR reason of a failed read', async () => {
    fakeRoutes({ 'GET /wallet': () => json(403, { error: 'forbidden', message: 'Sem acesso à carteira.' }) });
    const unbind = $wallet.listen(() => {});
    await settle();
    expect(($wallet.get().error as Error).message).toBe('Sem acesso à carteira.');
    unbind();
  });
});

describe('a top-up typed in reais', () => {
  it.each([
    ['198,50', 19_850],
    ['198.50', 19_850],
    ['1.234,56', 123_456],
    ['R$ 50', 5_000],
  ])('reads "%s" as %i cents', async (typed, cents) => {
    const calls = fakeRoutes({
      'POST /wallet/topups': (call) =>
        json(200, topUp('pending', (call.body as { amountCents: number }).amountCents)),
    });
    const result = await startWalletTopUp(typed);
    expect(result.ok).toBe(true);
    expect(calls.map((c) => c.body)).toEqual([{ amountCents: cents }]);
    expect($walletTopUp.get()?.amountCents).toBe(cents);
  });

  it('asks again for an ambiguous amount, with the parser message, and sends nothing', async () => {
    const calls = fakeRoutes({});
    expect(await startWalletTopUp('1.234')).toEqual({ ok: false, amountError: MONEY_MESSAGES.ambiguous });
    expect(calls).toHaveLength(0);
  });

  it('toasts the API host refusal and leaves the field alone', async () => {
    fakeRoutes({
      'POST /wallet/topups': () =>
        json(400, { error: 'x', message: 'O valor mínimo de recarga é R$ 10,00.' }),
    });
    expect(await startWalletTopUp('5')).toEqual({ ok: false, amountError: null });
    expect($toasts.get().at(-1)?.message).toBe('O valor mínimo de recarga é R$ 10,00.');
  });
});

describe('following a top-up', () => {
  it('polls while pending, then stops, says so and reads the balance again', async () => {
    const answers = [topUp('pending'), topUp('credited')];
    let balance = 0;
    const calls = fakeRoutes({
      'POST /wallet/topups': () => json(200, topUp('pending')),
      'GET /wallet/topups/31': () => {
        const next = answers.shift() ?? topUp('credited');
        if (next.status === 'credited') balance = 19_850;
        return json(200, next);
      },
      'GET /wallet': () => json(200, summary(balance)),
    });
    const unbindWallet = $wallet.listen(() => {});
    const unbind = $walletTopUp.listen(() => {});
    await startWalletTopUp('198,50');
    await settle();
    for (let i = 0; i < 2; i++) await settle(PAYMENT_POLL_INTERVAL_MS);
    expect($walletTopUp.get()?.status).toBe('credited');
    expect($toasts.get().map((t) => t.message)).toContain(WALLET_MESSAGES.topUpCredited);
    await settle();
    expect($wallet.get().data?.balanceCents).toBe(19_850);
    const polls = gets(calls, '/wallet/topups/31').length;
    await settle(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(gets(calls, '/wallet/topups/31')).toHaveLength(polls);
    unbind();
    unbindWallet();
  });
});

describe('"Devolver saldo"', () => {
  it('toasts the answer and reads the balance again', async () => {
    let balance = 3_000;
    fakeRoutes({
      'GET /wallet': () => json(200, summary(balance)),
      'POST /wallet/returns': () => {
        balance = 0;
        return json(200, {
          returns: [],
          returnedCents: 3_000,
          balanceCents: 0,
          message: 'Devolução solicitada.',
        });
      },
    });
    const unbindWallet = $wallet.listen(() => {});
    const unbind = $walletReturn.listen(() => {});
    await settle();
    expect($wallet.get().data?.balanceCents).toBe(3_000);
    await $walletReturn.mutate();
    await settle();
    expect($toasts.get().at(-1)?.message).toBe('Devolução solicitada.');
    expect($wallet.get().data?.balanceCents).toBe(0);
    unbind();
    unbindWallet();
  });
});

describe('the statement', () => {
  it('reads the filter, then the next page after the last line', async () => {
    const pages: Record<string, WalletStatementPage> = {
      '': { lines: [line(3), line(2)], nextBefore: 2 },
      '2': { lines: [line(1)], nextBefore: null },
    };
    const calls = fakeRoutes({
      'GET /wallet/statement': (call) =>
        json(200, pages[call.url.searchParams.get('before') ?? ''] ?? pages['']),
    });
    const unbind = $walletStatement.listen(() => {});
    filterWalletStatement({ kind: 'wallet_topup', from: '2026-11-01' });
    await settle();
    expect($walletStatement.get().lines.map((l) => l.entryId)).toEqual([3, 2]);
    await loadMoreWalletStatement();
    expect($walletStatement.get()).toMatchObject({ nextBefore: null, loading: false, error: null });
    expect($walletStatement.get().lines.map((l) => l.entryId)).toEqual([3, 2, 1]);
    const last = calls.at(-1)?.url.searchParams;
    expect([last?.get('kind'), last?.get('from'), last?.get('before')]).toEqual([
      'wallet_topup',
      '2026-11-01',
      '2',
    ]);
    unbind();
  });
});
