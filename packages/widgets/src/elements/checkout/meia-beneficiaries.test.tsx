import { MEIA_MESSAGES } from '@plateia/core/messages/meia-entrada';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { type CartItem, ticketItem } from '@plateia/core/rules/cart';
import { MEIA_FEDERAL_CATEGORIES } from '@plateia/core/rules/meia-entrada';
import { $cart, $cartUpdatedAt, clearCarts } from '@plateia/core/stores/cart';
import { clearCatalogueCache } from '@plateia/core/stores/catalogue';
import { $checkout, $checkoutStartedAt } from '@plateia/core/stores/checkout';
import { resetPayment } from '@plateia/core/stores/payment';
import { $sessionToken, $user } from '@plateia/core/stores/session';
import { clearToasts } from '@plateia/core/stores/toasts';
import { type ApiAnswer, type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import { Checkout } from './checkout.tsx';
import { waitingRoomUrl } from './meia-beneficiaries.tsx';

const NOW = Date.parse('2026-11-21T12:00:00Z');

const ORDER = {
  id: 56,
  number: 'PLT-56',
  status: 'reserved',
  eventId: 3,
  subtotalCents: 18000,
  discountCents: 0,
  feeCents: 1800,
  totalCents: 19800,
  coupon: null,
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
  items: [],
  notices: ['O 1º lote esgotou; seu ingresso é do 2º lote por R$ 120,00'],
};

const STATE_CATEGORY = {
  id: 'professor-df',
  label: 'Professor da rede pública do DF',
  documents: ['Contracheque ou declaração da Secretaria de Educação do DF'],
};

const EVENT = {
  id: 3,
  slug: 'festival',
  name: 'Festival',
  meiaEntrada: {
    eventId: 3,
    total: 800,
    available: 312,
    label: 'Restam 312 de 800 meias-entradas',
    categories: [...MEIA_FEDERAL_CATEGORIES, STATE_CATEGORY],
  },
  ticketTypes: [],
};

let routes: Record<string, ApiAnswer>;
let calls: ApiCall[];

const full = (fields: Partial<CartItem> = {}): CartItem =>
  ticketItem({ id: 10, eventId: 3, tk_price: 12000, amount: 1, n_number: 2, name: 'Pista', ...fields });
const meia = (amount: number): CartItem => full({ meia: true, tk_price: 6000, amount });

async function settle(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await allTasks();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

const finish = () => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const reserveBodies = () =>
  calls.filter((call) => call.path === '/cart/reserve').map((call) => call.body as Record<string, unknown>);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  installFakeApi();
  routes = {
    'GET /events/3': () => json(200, EVENT),
    'POST /cart/reserve': () =>
      json(200, {
        success: true,
        tickets: [
          { tk_id: 10, tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } },
          { tk_id: 10, tk_allow: { tk_allow: 2, tk_is_permitted_to_buy: true } },
        ],
        products: [],
        order: ORDER,
      }),
    'GET /payments/card/config': () => json(404, {}),
  };
  calls = fakeRoutes(routes);
  clearCatalogueCache();
  $cart.set([full(), meia(2)]);
  $cartUpdatedAt.set(NOW);
  $sessionToken.set('token-de-teste');
  $user.set(DEMO_USER);
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  resetPayment();
  clearCarts();
  $checkout.set(null);
  $checkoutStartedAt.set(null);
  clearToasts();
  vi.useRealTimers();
  uninstallFakeApi();
  globalThis.Plateia = undefined;
});

describe('checkout meia-entrada', () => {
  it('asks each meia ticket its category (with its documents), name and document, and reserves them', async () => {
    render(<Checkout eventId="3" />);
    await settle();
    expect(screen.getByText('2× Pista').parentElement?.textContent).toContain('Meia-entrada');
    // Only the meia line asks; the event's state category is offered too.
    const category = screen.getByLabelText('Categoria da meia-entrada 1') as HTMLSelectElement;
    expect([...category.options].map((option) => option.textContent)).toContain(STATE_CATEGORY.label);
    expect(screen.getAllByLabelText(/Categoria da meia-entrada/)).toHaveLength(2);
    expect(screen.getAllByText(/Carteira de Identificação Estudantil/)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Categoria da meia-entrada 2'), {
      target: { value: STATE_CATEGORY.id },
    });
    expect(screen.getByText(STATE_CATEGORY.documents[0] as string)).toBeTruthy();

    // Missing data: nothing is sent, each ticket says why.
    finish();
    await settle();
    expect(reserveBodies()).toEqual([]);
    expect(screen.getAllByText(MEIA_MESSAGES.beneficiaryIncomplete)).toHaveLength(2);

    // One document for two meias is refused here too.
    type('Nome do beneficiário 1', 'Ana Souza');
    type('Número do documento do beneficiário 1', '123.456.789-00');
    type('Nome do beneficiário 2', 'Bruno Lima');
    type('Número do documento do beneficiário 2', '12345678900');
    finish();
    await settle();
    expect(reserveBodies()).toEqual([]);
    expect(screen.getByText(MEIA_MESSAGES.duplicateDocument)).toBeTruthy();

    type('Número do documento do beneficiário 2', 'PROF-9911');
    finish();
    await settle();
    const tickets = reserveBodies()[0]?.tickets as Array<Record<string, unknown>>;
    expect(tickets.map((line) => [line.tk_id, line.tk_qtd, line.meia])).toEqual([
      [10, 1, undefined],
      [
        10,
        2,
        [
          { category: 'estudante', name: 'Ana Souza', document: '123.456.789-00' },
          { category: STATE_CATEGORY.id, name: 'Bruno Lima', document: 'PROF-9911' },
        ],
      ],
    ]);
    // The lot turnover notice shows before payment.
    expect(screen.getByRole('heading', { name: 'Pagamento' })).toBeTruthy();
    expect(screen.getByText(ORDER.notices[0] as string)).toBeTruthy();
  });

  it.each([MEIA_MESSAGES.unavailable, MEIA_MESSAGES.documentUsed])(
    'shows the 409 "%s" and keeps the cart',
    async (message) => {
      routes['POST /cart/reserve'] = () => json(409, { error: 'conflict', message });
      $cart.set([meia(1)]);
      render(<Checkout eventId="3" />);
      await settle();
      type('Nome do beneficiário 1', 'Ana Souza');
      type('Número do documento do beneficiário 1', 'CIE 5555');
      finish();
      await settle();
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect($cart.get()).toHaveLength(1);
      expect(screen.queryByRole('link', { name: 'Ir para a sala de espera' })).toBeNull();
    },
  );
});

describe('checkout and the virtual queue', () => {
  it.each([
    ['queue_pass_required', QUEUE_MESSAGES.passRequired],
    ['queue_pass_invalid', QUEUE_MESSAGES.passInvalid],
    ['queue_pass_expired', QUEUE_MESSAGES.passExpired],
  ])('links a %s refusal of the reservation to the waiting room', async (code, message) => {
    routes['POST /cart/reserve'] = () => json(403, { error: code, message });
    $cart.set([full()]);
    render(<Checkout eventId="3" />);
    finish();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(message);
    const link = screen.getByRole('link', { name: 'Ir para a sala de espera' }) as HTMLAnchorElement;
    expect(link.href).toBe(new URL('/fila/3', document.baseURI).href);
  });

  it('links a refused PIX payment to the waiting room on the storefront of queue-url', async () => {
    routes['POST /payments/pix'] = () =>
      json(403, { error: 'queue_pass_expired', message: QUEUE_MESSAGES.passExpired });
    $cart.set([full()]);
    render(<Checkout eventId="3" queueUrl="https://loja.example/fila/{eventId}?de=checkout" />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar código PIX' }));
    await settle();
    const link = screen.getByRole('link', { name: 'Ir para a sala de espera' }) as HTMLAnchorElement;
    expect(link.href).toBe('https://loja.example/fila/3?de=checkout');
  });

  it("resolves the waiting room against the script-tag loader's storefront", () => {
    globalThis.Plateia = {
      version: 'test',
      elements: [],
      load: async () => undefined,
      base: 'https://loja.example/embed/v1/plateia.js',
    };
    expect(waitingRoomUrl(undefined, 3)).toBe('https://loja.example/fila/3');
    expect(waitingRoomUrl('/sala/{eventId}', 'show de rock')).toBe(
      'https://loja.example/sala/show%20de%20rock',
    );
  });
});
