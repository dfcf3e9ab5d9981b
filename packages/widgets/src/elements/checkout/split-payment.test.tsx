import type { ReservedOrder } from '@plateia/core/contracts/orders';
import { $checkout, $checkoutStartedAt, type CheckoutData } from '@plateia/core/stores/checkout';
import { $sessionToken, $user } from '@plateia/core/stores/session';
import { clearToasts } from '@plateia/core/stores/toasts';
import { type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import { Checkout } from './checkout.tsx';
import { SplitPayment } from './split-payment.tsx';

const NOW = Date.parse('2026-11-21T12:00:00Z');

const seat = (seatId: number) => ({
  kind: 'ticket' as const,
  ticketTypeId: 4,
  productId: null,
  seatId,
  tableId: null,
  resaleId: null,
  n_number: 1,
  quantity: 1,
  unitPriceCents: 18_000,
  holderEmail: null,
});

// Three seats of R$ 180,00 plus the 10% fee: R$ 594,00 in three shares of R$ 198,00.
const ORDER = {
  id: 55,
  number: 'PLT-55',
  status: 'reserved',
  eventId: 2,
  subtotalCents: 54_000,
  discountCents: 0,
  feeCents: 5_400,
  totalCents: 59_401,
  coupon: null,
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
  items: [seat(11), seat(12), seat(13)],
} as ReservedOrder;

const CHECKOUT: CheckoutData = {
  eventId: 2,
  coupon: '',
  tickets: [],
  order: ORDER,
  payload: { user: 7, event_id: 2, n_number: 1, products: [], tickets: [], cupom: '', sessionId: 's' },
};

const EVENT = {
  id: 2,
  slug: 'teatro',
  name: 'Teatro',
  startsAt: new Date(NOW + 30 * 3_600_000).toISOString(),
};

let calls: ApiCall[];
let api: ReturnType<typeof installFakeApi>;

async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await allTasks();
    await vi.advanceTimersByTimeAsync(0);
  });
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  api = installFakeApi();
  $sessionToken.set('token-de-teste');
  $user.set(DEMO_USER);
  $checkout.set(CHECKOUT);
  calls = fakeRoutes({
    'GET /events/2': () => json(200, EVENT),
    'POST /friendly/list': () =>
      json(200, {
        friendships: [
          { id: 1, status: 1, direction: 'sent', friend: { id: 8, user: 'joao@x.com' } },
          { id: 2, status: 1, direction: 'received', friend: { id: 9, user: 'maria@x.com' } },
        ],
      }),
    'POST /shared-payments/create': () => json(201, { id: 31 }),
  });
});

afterEach(() => {
  cleanup();
  $checkout.set(null);
  $checkoutStartedAt.set(null);
  clearToasts();
  vi.useRealTimers();
  uninstallFakeApi();
});

describe('Dividir com amigos', () => {
  it('splits evenly, remainder cents to the leader, one ticket per friend', async () => {
    render(<SplitPayment order={ORDER} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Em quantas partes dividir'), { target: { value: '3' } });
    expect((screen.getByLabelText('Valor da parte 1 (R$)') as HTMLInputElement).value).toBe('198,01');
    expect((screen.getByLabelText('Valor da parte 2 (R$)') as HTMLInputElement).value).toBe('198,00');
    expect((screen.getByLabelText('Valor da parte 3 (R$)') as HTMLInputElement).value).toBe('198,00');
    expect((screen.getByLabelText('Ingressos da parte 1') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('Ingressos da parte 3') as HTMLInputElement).value).toBe('1');
  });

  it('checks the split live and sends it once it adds up, then opens the group page', async () => {
    render(<SplitPayment order={ORDER} />);
    await settle();
    const send = screen.getByRole('button', { name: 'Dividir o pagamento' }) as HTMLButtonElement;
    // The friend's e-mail is missing.
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Informe o e-mail de cada amigo.');
    // A friend from the list fills the e-mail.
    fireEvent.change(screen.getByLabelText('Escolher entre seus amigos (parte 2)'), {
      target: { value: 'maria@x.com' },
    });
    expect((screen.getByLabelText('E-mail do amigo 1') as HTMLInputElement).value).toBe('maria@x.com');
    // Adjusted to the cent, not adding up: said at once.
    type('Valor da parte 2 (R$)', '100,00');
    expect(screen.getByRole('status').textContent).toBe(
      'As partes somam R$ 397,01, mas o total é R$ 594,01.',
    );
    type('Valor da parte 1 (R$)', '494,01');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(send.disabled).toBe(false);
    // The event is 30 h away, so no deadline passes 6 h from now (24 h before it): 2 h and 6 h
    // are offered, and the default 24 h becomes 6 h (the deadline sent below).
    const deadline = screen.getByLabelText('Prazo para os amigos pagarem') as HTMLSelectElement;
    expect(Array.from(deadline.options, (option) => option.value)).toEqual(['2', '6']);
    fireEvent.click(send);
    await settle();
    const create = calls.filter((call) => call.path === '/shared-payments/create');
    expect(create.map((call) => call.body)).toEqual([
      {
        orderId: 55,
        deadline: new Date(NOW + 6 * 3_600_000).toISOString(),
        shares: [
          { email: 'cliente@plateia.dev', amountCents: 49_401, tickets: 2 },
          { email: 'maria@x.com', amountCents: 10_000, tickets: 1 },
        ],
      },
    ]);
    expect(api.navigations).toEqual([new URL('/pagamento-compartilhado/31', document.baseURI).href]);
    expect($checkout.get()).toBeNull();
  });

  it('cannot send when the event is too close to leave 30 minutes before its cutoff', async () => {
    const soon = { ...EVENT, id: 4, startsAt: new Date(NOW + 24 * 3_600_000 + 10 * 60_000).toISOString() };
    fakeRoutes({ 'GET /events/4': () => json(200, soon), 'POST /friendly/list': () => json(200, {}) });
    render(<SplitPayment order={{ ...ORDER, eventId: 4 }} />);
    await settle();
    fireEvent.input(screen.getByLabelText('E-mail do amigo 1'), { target: { value: 'bia@x.com' } });
    expect(screen.getByRole('status').textContent).toBe(
      'Não há tempo suficiente antes do evento para dividir este pagamento.',
    );
    expect(screen.queryByLabelText('Prazo para os amigos pagarem')).toBeNull();
    expect((screen.getByRole('button', { name: 'Dividir o pagamento' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("reads amounts typed in reais with core's parser, and says why one cannot be read", async () => {
    render(<SplitPayment order={ORDER} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Escolher entre seus amigos (parte 2)'), {
      target: { value: 'maria@x.com' },
    });
    type('Valor da parte 2 (R$)', '1.234');
    expect(screen.getByRole('status').textContent).toBe(
      'Valor ambíguo: use a vírgula para os centavos, como 1.234,00 ou 1,23.',
    );
    type('Valor da parte 2 (R$)', 'cem');
    expect(screen.getByRole('status').textContent).toBe('Informe um valor em reais, como 198,50.');
    // "100.00" from a phone keyboard is R$ 100,00.
    type('Valor da parte 2 (R$)', '100.00');
    type('Valor da parte 1 (R$)', 'R$ 494,01');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('is offered beside PIX and card in the checkout, and goes to the group page it is given', async () => {
    render(<Checkout eventId="2" sharedPaymentUrl="https://loja.example/pagamento-compartilhado/{id}" />);
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Dividir com amigos' }));
    await settle();
    fireEvent.input(screen.getByLabelText('E-mail do amigo 1'), { target: { value: 'bia@x.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dividir o pagamento' }));
    await settle();
    expect(api.navigations).toEqual(['https://loja.example/pagamento-compartilhado/31']);
  });

  it("on a producer's page, goes to the group page of the storefront that serves the loader", async () => {
    (globalThis as { Plateia?: { base?: string } }).Plateia = { base: 'https://loja.plateia.test/embed/' };
    try {
      render(<Checkout eventId="2" />);
      await settle();
      fireEvent.click(screen.getByRole('radio', { name: 'Dividir com amigos' }));
      await settle();
      fireEvent.input(screen.getByLabelText('E-mail do amigo 1'), { target: { value: 'bia@x.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Dividir o pagamento' }));
      await settle();
      expect(api.navigations).toEqual(['https://loja.plateia.test/pagamento-compartilhado/31']);
    } finally {
      (globalThis as { Plateia?: unknown }).Plateia = undefined;
    }
  });
});
