// @vitest-environment happy-dom
import { configureApi } from '@plateia/core/api/client';
import { MONEY_MESSAGES } from '@plateia/core/messages/money';
import { clearFetcherCache } from '@plateia/core/stores/fetcher';
import { $sessionToken, $user, initSession } from '@plateia/core/stores/session';
import { $walletTopUp } from '@plateia/core/stores/wallet';
import { type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import CashlessPage from './CashlessPage.tsx';

// The wallet page's top-up field: typed reais go through core's one parser (`parseReais`),
// and the amount the API host receives is what a Brazilian meant (docs/wallet.md).

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeRoutes({
    'GET /wallet': () =>
      json(200, { balanceCents: 0, minTopUpCents: 1_000, maxTopUpCents: 500_000, returnableCents: 0 }),
    'GET /wallet/returns': () => json(200, { returns: [] }),
    'GET /wallet/statement': () => json(200, { lines: [], nextBefore: null }),
    'POST /wallet/topups': (call) =>
      json(200, {
        id: 31,
        amountCents: (call.body as { amountCents: number }).amountCents,
        status: 'pending',
        txid: 'tx31',
        brcode: '000201',
        qrSvg: '<svg/>',
        expiresAt: '2026-11-24T10:00:00.000Z',
        paidAt: null,
      }),
  });
  $sessionToken.set('token-de-teste');
  $user.set({ id: 7, user: 'ana@plateia.dev' });
  initSession();
});

afterEach(() => {
  cleanup();
  $walletTopUp.set(null);
  clearFetcherCache();
  configureApi({});
  $user.set(null);
  $sessionToken.set(null);
  localStorage.clear();
});

async function typeAmount(text: string): Promise<void> {
  render(<CashlessPage />);
  const field = await screen.findByLabelText('Valor da recarga (R$)');
  fireEvent.change(field, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Gerar PIX' }));
}

describe('the wallet top-up amount', () => {
  it.each([
    ['198,50', 19_850],
    ['198.50', 19_850],
    ['1.234,56', 123_456],
    ['R$ 50', 5_000],
  ])('sends "%s" as %i cents', async (typed, cents) => {
    await typeAmount(typed);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ amountCents: cents });
    expect(await screen.findByText(/Aguardando o pagamento do PIX/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again for an ambiguous amount with the parser pt-BR message, sending nothing', async () => {
    await typeAmount('1.234');
    expect((await screen.findByRole('alert')).textContent).toBe(MONEY_MESSAGES.ambiguous);
    expect(screen.getByLabelText('Valor da recarga (R$)').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
