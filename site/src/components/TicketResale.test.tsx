// @vitest-environment happy-dom
import { configureApi } from '@plateia/core/api/client';
import type { MyTicket } from '@plateia/core/contracts/tickets';
import { MONEY_MESSAGES } from '@plateia/core/messages/money';
import { $sessionToken, $user, initSession } from '@plateia/core/stores/session';
import { type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TicketResale } from './TicketResale.tsx';

// The resale price field in "Meus Ingressos": typed reais go through core's one parser
// (`parseReais`) and the listing is sent in the cents a Brazilian meant (docs/resale.md).

const ticket = { id: 41, status: 'valid', courtesy: false } as unknown as MyTicket;

let calls: ApiCall[];

beforeEach(() => {
  calls = fakeRoutes({
    'GET /resale/tickets/41/quote': () =>
      json(200, {
        ticketId: 41,
        maxPriceCents: 200_000,
        minPriceCents: 500,
        feeBps: 1000,
        priceCents: 200_000,
        feeCents: 20_000,
        netCents: 180_000,
      }),
    'POST /resale/tickets/41': (call) =>
      json(200, {
        listing: { id: 3, ticketId: 41, priceCents: (call.body as { priceCents: number }).priceCents },
      }),
    'GET /resale/listings': () => json(200, { listings: [] }),
  });
  $sessionToken.set('token-de-teste');
  $user.set({ id: 7, user: 'ana@plateia.dev' });
  initSession();
});

afterEach(() => {
  cleanup();
  configureApi({});
  $user.set(null);
  $sessionToken.set(null);
  localStorage.clear();
});

async function typePrice(text: string): Promise<void> {
  render(<TicketResale ticket={ticket} online isPast={false} />);
  fireEvent.click(screen.getByRole('button', { name: 'Revender' }));
  const field = await screen.findByLabelText('Preço de revenda (R$)');
  fireEvent.change(field, { target: { value: text } });
}

describe('the resale price', () => {
  it.each([
    ['198,50', 19_850],
    ['198.50', 19_850],
    ['1.234,56', 123_456],
    ['R$ 50', 5_000],
  ])('lists "%s" at %i cents', async (typed, cents) => {
    await typePrice(typed);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anunciar para revenda' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ priceCents: cents });
  });

  it('asks again for an ambiguous price with the parser pt-BR message and cannot be sent', async () => {
    await typePrice('1.234');
    expect((await screen.findByRole('alert')).textContent).toBe(MONEY_MESSAGES.ambiguous);
    expect(
      (screen.getByRole('button', { name: 'Anunciar para revenda' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
