import { type CartItem, ticketItem } from '@plateia/core/rules/cart';
import { installmentOptions } from '@plateia/core/rules/installments';
import { $cart, $cartUpdatedAt, $productCart, clearCarts } from '@plateia/core/stores/cart';
import { $checkout, $checkoutStartedAt, $coupon } from '@plateia/core/stores/checkout';
import { $cardConfig, resetPayment } from '@plateia/core/stores/payment';
import { $sessionToken, $user } from '@plateia/core/stores/session';
import { clearToasts } from '@plateia/core/stores/toasts';
import { eventDetail, ticketType } from '@plateia/core/testing/catalogue';
import { type ApiAnswer, type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_USER, installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import { loadCardTokenizer, parseCardExpiry } from './card-tokenizer.ts';
import { Checkout } from './checkout.tsx';
import { formatRemaining } from './checkout-parts.tsx';
import { defineCheckout } from './index.ts';
import { COPIED_RESET_MS } from './pix-payment.tsx';

const NOW = Date.parse('2026-11-21T12:00:00Z');

const ORDER = {
  id: 55,
  number: 'PLT-55',
  status: 'reserved',
  eventId: 3,
  subtotalCents: 20000,
  discountCents: 2000,
  feeCents: 1800,
  totalCents: 19800,
  coupon: { code: 'PLATEIA10', kind: 'percent', value: 10 },
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
  items: [],
};

const reserved = (order: object = ORDER): Response =>
  json(200, {
    success: true,
    tickets: [{ tk_id: 10, tk_allow: { tk_allow: 2, tk_is_permitted_to_buy: true } }],
    products: [],
    order,
  });

const PIX = {
  paymentId: 1,
  orderId: 55,
  txid: 'PLT123',
  brcode: '00020101021226...6304ABCD',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
  amount: 19800,
  expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
  status: 'pending',
  simulateUrl: 'http://psp.test/sandbox/cob/PLT123',
};

const CARD_CONFIG = {
  tokenizerUrl: 'http://gateway.test/tokenizer.js',
  tokenizerGlobal: 'PlateiaTestCard',
  maxInstallments: 12,
  minInstallmentCents: 500,
  amount: 19800,
  // The host's options for the order total: the rule it charges by.
  installments: installmentOptions(19800),
  sandbox: true,
  testCards: [{ number: '5031433215406351', holder: 'APRO', outcome: 'Aprovado' }],
};

let routes: Record<string, ApiAnswer>;
let calls: ApiCall[];
let api: ReturnType<typeof installFakeApi>;

function useApi(extra: Record<string, ApiAnswer> = {}): void {
  routes = {
    'POST /cart/reserve': () => reserved(),
    'POST /payments/pix': () => json(200, PIX),
    'GET /payments/55/status': () => json(200, { orderId: 55, status: 'reserved', message: '' }),
    'GET /payments/card/config': () => json(200, CARD_CONFIG),
    ...extra,
  };
  calls = fakeRoutes(routes);
}

const ticket = (fields: Partial<CartItem> = {}): CartItem =>
  ticketItem({ id: 10, eventId: 3, tk_price: 10000, amount: 2, n_number: 1, name: 'Pista', ...fields });

function logIn(): void {
  $sessionToken.set('token-de-teste');
  $user.set(DEMO_USER);
}

/**
 * Lets fetches, store tasks and React settle on the fake clock. Twice: Preact (the
 * script-tag build's runtime) runs effects when `act` ends, and what they fetch settles
 * in the second round.
 */
async function settle(ms = 0): Promise<void> {
  for (const wait of [ms, 0]) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(wait);
      await allTasks();
      await vi.advanceTimersByTimeAsync(0);
    });
  }
}

const finish = () => fireEvent.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
const callsTo = (path: string) => calls.filter((call) => call.path === path);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  api = installFakeApi();
  useApi();
  $cart.set([ticket()]);
  $cartUpdatedAt.set(NOW);
});

afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  resetPayment();
  clearCarts();
  $checkout.set(null);
  $checkoutStartedAt.set(null);
  $coupon.set('');
  $cardConfig.set(null);
  clearToasts();
  delete (globalThis as Record<string, unknown>).PlateiaTestCard;
  vi.useRealTimers();
  uninstallFakeApi();
});

describe('cart step', () => {
  it('lists tickets with their lot and seat, products and the subtotal, and removes one unit', async () => {
    $cart.set([
      ticket(),
      ticket({
        id: 11,
        amount: 1,
        name: 'Plateia',
        seatSelection: {
          seat_id: 900,
          section_id: 1,
          row_id: 2,
          seat_number: 7,
          ticket_type_id: 11,
          price: 5000,
        },
        seatDetails: { sectionName: 'Plateia A', rowName: 'C', seatNumber: '7' },
        tk_price: 5000,
      }),
    ]);
    $productCart.set([{ amount: 1, product: { id: 4, qtd: 0, price: 2500, name: 'Copo oficial' } }]);
    render(<Checkout />);
    expect(screen.getByText('2× Pista')).toBeTruthy();
    expect(screen.getByText('Lote 1')).toBeTruthy();
    expect(screen.getByText('Plateia A, fila C, assento 7')).toBeTruthy();
    expect(screen.getByText('1× Copo oficial')).toBeTruthy();
    expect(screen.getByText('R$ 275,00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remover um: Pista (Lote 1)' }));
    await settle();
    expect($cart.get()[0]?.amount).toBe(1);
    expect(screen.getByText('1× Pista')).toBeTruthy();
  });

  it("names a ticket's lot and, while it is the lot selling now, the next lot's price", async () => {
    useApi({
      'GET /events/7': () =>
        json(
          200,
          eventDetail({
            id: 7,
            slug: 'festival',
            name: 'Festival',
            ticketTypes: [
              ticketType({
                id: 10,
                name: 'Pista',
                n_number: 2,
                lotLabel: '2º lote',
                nextLot: { id: 12, n_number: 3, priceCents: 15_000, lotLabel: '3º lote', opensAt: null },
              }),
            ],
          }),
        ),
    });
    $cart.set([ticket({ eventId: 7, n_number: 2 })]);
    render(<Checkout />);
    await settle();
    expect(screen.getByText('2º lote · Próximo lote: R$ 150,00')).toBeTruthy();
  });

  it('shows a table as one ticket per seat, with a holder e-mail for each', () => {
    $cart.set([
      ticket({
        id: 12,
        amount: 1,
        name: 'Mesa',
        tk_price: 8000,
        seatInfo: { isTable: true, tableId: 30, tableName: 'Mesa 30', seats: [301, 302, 303, 304] },
      }),
    ]);
    $productCart.set([]);
    logIn();
    render(<Checkout />);
    expect(screen.getByText('4× Mesa')).toBeTruthy();
    expect(screen.getAllByText('R$ 320,00').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('textbox', { name: /e-mail/i })).toHaveLength(4);
  });

  it('disables "Finalizar Compra" when the cart is empty', () => {
    $cart.set([]);
    render(<Checkout />);
    expect(screen.getByText('Seu carrinho está vazio')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finalizar Compra' })).toHaveProperty('disabled', true);
  });

  it('counts the cart down from 15 minutes', async () => {
    render(<Checkout />);
    expect(screen.getByRole('timer', { name: 'Tempo restante do carrinho' }).textContent).toBe('15:00');
    await settle(61_000);
    expect(screen.getByRole('timer', { name: 'Tempo restante do carrinho' }).textContent).toBe('13:59');
  });
});

describe('login gate', () => {
  it('asks to log in, offers "Cadastrar" and opens the login dialog', async () => {
    render(<Checkout signupUrl="/criar-conta" />);
    finish();
    await settle();
    const gate = screen.getByRole('dialog', { name: 'Para finalizar a compra, acesse sua conta' });
    expect(
      within(gate).getByText(
        'Seus ingressos ficam guardados na sua conta: precisamos dela para enviar as informações dos ingressos.',
      ),
    ).toBeTruthy();
    // No <plateia-login> on the page: one is added, already open, for the loader to fetch.
    expect(document.querySelector('plateia-login')?.hasAttribute('open')).toBe(true);
    expect(callsTo('/cart/reserve')).toEqual([]);

    fireEvent.click(within(gate).getByRole('button', { name: 'Cadastrar' }));
    expect(api.navigations).toEqual(['/criar-conta']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes on with the reservation once the customer logs in', async () => {
    render(<Checkout />);
    finish();
    await settle();
    expect(screen.getByRole('dialog', { name: 'Para finalizar a compra, acesse sua conta' })).toBeTruthy();
    await act(async () => logIn());
    await settle();
    expect(callsTo('/cart/reserve')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Pagamento' })).toBeTruthy();
  });
});

describe('reservation', () => {
  beforeEach(() => logIn());

  it('reserves with the coupon and holder e-mails, itemises the fee and fires plateia-checkout-start', async () => {
    const started = vi.fn();
    document.addEventListener('plateia-checkout-start', started);
    render(<Checkout eventId="3" />);
    const holders = screen.getAllByLabelText(/E-mail de quem recebe o ingresso/);
    expect(holders.map((input) => (input as HTMLInputElement).value)).toEqual([
      DEMO_USER.user,
      DEMO_USER.user,
    ]);
    fireEvent.input(holders[1] as HTMLInputElement, { target: { value: 'amiga@exemplo.com' } });
    fireEvent.input(screen.getByLabelText('Cupom de desconto'), { target: { value: 'PLATEIA10' } });
    finish();
    await settle();

    const body = callsTo('/cart/reserve')[0]?.body as Record<string, unknown> | undefined;
    expect(body?.cupom).toBe('PLATEIA10');
    expect((body?.tickets as Array<Record<string, unknown>> | undefined)?.[0]?.holder_emails).toEqual([
      DEMO_USER.user,
      'amiga@exemplo.com',
    ]);
    const totals = screen.getByRole('heading', { name: 'Pagamento' }).parentElement as HTMLElement;
    const row = (label: string) => within(totals).getByText(label).parentElement?.textContent;
    expect(row('Subtotal')).toBe('SubtotalR$ 200,00');
    expect(row('Desconto (cupom PLATEIA10)')).toBe('Desconto (cupom PLATEIA10)− R$ 20,00');
    expect(row('Taxa de serviço')).toBe('Taxa de serviçoR$ 18,00');
    expect(row('Total')).toBe('TotalR$ 198,00');
    expect(started).toHaveBeenCalledTimes(1);
    expect(started.mock.calls[0]?.[0].detail).toEqual({
      eventId: '3',
      orderId: '55',
      orderNumber: 'PLT-55',
      totalCents: 19800,
    });
    document.removeEventListener('plateia-checkout-start', started);
  });

  it('refuses an invalid holder e-mail without calling the server', async () => {
    render(<Checkout />);
    const holder = screen.getAllByLabelText(/E-mail de quem recebe o ingresso/)[0] as HTMLInputElement;
    fireEvent.input(holder, { target: { value: 'amiga@' } });
    finish();
    await settle();
    expect(holder.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Endereço de e-mail inválido')).toBeTruthy();
    expect(callsTo('/cart/reserve')).toEqual([]);
  });

  it.each([
    [
      'a ticket not permitted any more (carts cleared)',
      () =>
        json(409, {
          tickets: [{ tk_id: 10, tk_allow: { tk_allow: 0, tk_is_permitted_to_buy: false } }],
          order: null,
        }),
      'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
      0,
    ],
    [
      'fewer tickets than asked (cart kept)',
      () =>
        json(409, {
          tickets: [{ tk_id: 10, tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } }],
          order: null,
        }),
      'Alguns dos seus ingressos não estão mais disponíveis',
      1,
    ],
    [
      'an invalid coupon (the server text)',
      () => json(400, { error: 'coupon_invalid', message: 'Cupom inválido ou expirado.' }),
      'Cupom inválido ou expirado.',
      1,
    ],
    ['any other failure', () => json(500, {}), 'Erro ao iniciar checkout, tente novamente', 1],
  ])('shows the message for %s and fires plateia-error', async (_case, answer, message, cartLines) => {
    routes['POST /cart/reserve'] = answer;
    const errors = vi.fn();
    document.addEventListener('plateia-error', errors);
    render(<Checkout />);
    finish();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(errors.mock.calls[0]?.[0].detail).toEqual({ message });
    expect($cart.get()).toHaveLength(cartLines);
    expect($checkout.get()).toBeNull();
    document.removeEventListener('plateia-error', errors);
  });

  it('quits checkout with "Cancelar compra", keeping the tickets in the cart', async () => {
    render(<Checkout />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar compra' }));
    await settle();
    expect($checkoutStartedAt.get()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Resumo do pedido' })).toBeTruthy();
    expect(screen.getByText('Compra cancelada. Seus ingressos continuam no carrinho.')).toBeTruthy();
    expect(screen.getByText('2× Pista')).toBeTruthy();
    // Focus follows the change of step.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Resumo do pedido' }));
  });

  it('ends the checkout when the 15 minutes pass and says what happened', async () => {
    render(<Checkout />);
    finish();
    await settle();
    expect(screen.getByRole('timer', { name: 'Tempo restante da reserva' }).textContent).toBe('15:00');
    await settle(10 * 60_000);
    expect(screen.getByRole('timer', { name: 'Tempo restante da reserva' }).textContent).toBe('05:00');
    await settle(5 * 60_000 + 1000);
    expect($checkout.get()).toBeNull();
    expect($cart.get()).toEqual([]);
    expect(
      screen.getByText('O tempo para finalizar a compra acabou e seu carrinho foi esvaziado.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finalizar Compra' })).toHaveProperty('disabled', true);
  });
});

describe('PIX', () => {
  beforeEach(() => logIn());

  it('shows the QR and copia e cola, copies it, and confirms the payment without a reload', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const completed = vi.fn();
    document.addEventListener('plateia-checkout-complete', completed);
    render(<Checkout />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar código PIX' }));
    await settle();

    expect(screen.getByRole('img', { name: 'QR Code do PIX' }).querySelector('svg')).toBeTruthy();
    expect((screen.getByLabelText('PIX copia e cola') as HTMLInputElement).value).toBe(PIX.brcode);
    expect(screen.getByRole('timer', { name: 'Tempo restante do código PIX' }).textContent).toBe('15:00');
    const simulate = screen.getByRole('link', { name: 'Simular pagamento' });
    expect(simulate.getAttribute('href')).toBe(PIX.simulateUrl);
    expect(simulate.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByText('Aguardando o pagamento. A confirmação aparece aqui assim que o PIX for pago.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copiar código' }));
    await settle();
    expect(writeText).toHaveBeenCalledWith(PIX.brcode);
    expect(screen.getByRole('button', { name: 'Código copiado!' })).toBeTruthy();
    await settle(COPIED_RESET_MS);
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeTruthy();

    // Core polls the order's status; the page never reloads.
    routes['GET /payments/55/status'] = () =>
      json(200, { orderId: 55, status: 'paid', message: 'Pagamento confirmado' });
    await settle(3000);
    expect(screen.getByRole('heading', { name: 'Compra confirmada!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Meus Ingressos' }).getAttribute('href')).toBe('/mytickets');
    expect(completed.mock.calls[0]?.[0].detail).toEqual({ orderId: '55', method: 'pix' });
    expect($cart.get()).toEqual([]);
    document.removeEventListener('plateia-checkout-complete', completed);
  });

  it('shows the lapse of the PIX when the order expires', async () => {
    render(<Checkout />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar código PIX' }));
    await settle();
    routes['GET /payments/55/status'] = () =>
      json(200, { orderId: 55, status: 'expired', message: 'Sua reserva expirou.' });
    await settle(3000);
    expect(screen.getByText('Sua reserva expirou.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Resumo do pedido' })).toBeTruthy();
  });
});

describe('card', () => {
  let tokenize: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    logIn();
    tokenize = vi.fn(async () => ({ token: 'tok_1', brand: 'master', last4: '6351' }));
    (globalThis as Record<string, unknown>).PlateiaTestCard = { tokenize };
  });

  async function fillCard(holder: string): Promise<void> {
    render(<Checkout ticketsUrl="/conta/ingressos" />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    await settle();
    fireEvent.input(screen.getByLabelText('Número do cartão'), { target: { value: '5031 4332 1540 6351' } });
    fireEvent.input(screen.getByLabelText('Nome impresso no cartão'), { target: { value: holder } });
    fireEvent.input(screen.getByLabelText('Validade (MM/AA)'), { target: { value: '11/30' } });
    fireEvent.input(screen.getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Parcelas'), { target: { value: '3' } });
  }

  it("offers the API host's installments for the order total as soon as the card form shows", async () => {
    render(<Checkout />);
    finish();
    await settle();
    const asked = callsTo('/payments/card/config');
    expect(asked).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    const labels = within(screen.getByLabelText('Parcelas'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(labels).toHaveLength(12);
    expect(labels.slice(0, 3)).toEqual(['1x de R$ 198,00', '2x de R$ 99,00', '3x de R$ 66,00']);
  });

  // Installments for another total, or none at all: the card form offers the whole total in 1x.
  it.each([
    [
      'does not offer the installments of another total',
      () => json(200, { ...CARD_CONFIG, amount: 20000, installments: installmentOptions(20000) }),
    ],
    [
      'offers the whole total in 1x while the installments are not there',
      () => json(400, { error: 'bad_request', message: 'Indisponível' }),
    ],
  ])('%s', async (_name, answer) => {
    routes['GET /payments/card/config'] = answer;
    render(<Checkout />);
    finish();
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    const options = within(screen.getByLabelText('Parcelas')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1x de R$ 198,00']);
  });

  it('tokenises in the browser, sends only the token and confirms an approved payment', async () => {
    routes['POST /payments/card'] = () =>
      json(200, { paymentId: 2, orderId: 55, status: 'approved', message: 'Pagamento aprovado!' });
    await fillCard('APRO');
    const options = within(screen.getByLabelText('Parcelas')).getAllByRole('option');
    expect(options[2]?.textContent).toBe('3x de R$ 66,00');
    expect(screen.getByText('5031433215406351 com o nome APRO: Aprovado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pagar R$ 198,00' }));
    await settle();

    expect(tokenize).toHaveBeenCalledWith({
      number: '5031 4332 1540 6351',
      holder: 'APRO',
      expMonth: 11,
      expYear: 2030,
      cvv: '123',
    });
    const body = callsTo('/payments/card')[0]?.body;
    expect(body).toMatchObject({ orderId: 55, token: 'tok_1', installments: 3 });
    expect(JSON.stringify(body)).not.toContain('5031');
    expect(screen.getByRole('heading', { name: 'Compra confirmada!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Meus Ingressos' }).getAttribute('href')).toBe(
      '/conta/ingressos',
    );
  });

  it('keeps the checkout open with the gateway message when declined', async () => {
    const message = 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.';
    routes['POST /payments/card'] = () =>
      json(200, { paymentId: 2, orderId: 55, status: 'declined', message });
    await fillCard('OTHE');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar R$ 198,00' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('heading', { name: 'Pagamento' })).toBeTruthy();
    expect($checkout.get()).not.toBeNull();
    // The number and code are gone from the form once the gateway had them.
    expect((screen.getByLabelText('Número do cartão') as HTMLInputElement).value).toBe('');
  });

  it('shows the tokeniser refusal and does not charge', async () => {
    tokenize.mockRejectedValueOnce(new Error('Número de cartão inválido.'));
    await fillCard('APRO');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar R$ 198,00' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Número de cartão inválido.');
    expect(callsTo('/payments/card')).toEqual([]);
  });
});

describe('helpers', () => {
  it('formats the time left', () => {
    expect(formatRemaining(15 * 60_000)).toBe('15:00');
    expect(formatRemaining(59_001)).toBe('01:00');
    expect(formatRemaining(-5)).toBe('00:00');
  });

  it('reads card expiry dates', () => {
    expect(parseCardExpiry('07/29')).toEqual({ expMonth: 7, expYear: 2029 });
    expect(parseCardExpiry('7 / 2031')).toEqual({ expMonth: 7, expYear: 2031 });
    expect(parseCardExpiry('13/29')).toBeNull();
    expect(parseCardExpiry('0729')).toBeNull();
  });

  const scriptsFor = (url: string) =>
    [...document.head.querySelectorAll('script')].filter((s) => s.src === url);
  const domSettings = () =>
    (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
      .happyDOM.settings;

  it('forgets a tokeniser script that failed to load, so the next call tries again', async () => {
    // This test DOM does not fetch scripts: it answers every script tag with "error".
    const url = 'http://gateway.test/failing.js';
    const first = loadCardTokenizer(url, 'PlateiaFailingCard');
    expect(loadCardTokenizer(url, 'PlateiaFailingCard')).toBe(first);
    await expect(first).rejects.toThrow(url);
    expect(scriptsFor(url)).toHaveLength(0);
    const second = loadCardTokenizer(url, 'PlateiaFailingCard');
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow(url);
  });

  it('rejects and forgets a tokeniser script that loads without defining its global', async () => {
    const url = 'http://gateway.test/empty.js';
    domSettings().handleDisabledFileLoadingAsSuccess = true;
    try {
      await expect(loadCardTokenizer(url, 'PlateiaMissingCard')).rejects.toThrow(url);
      expect(scriptsFor(url)).toHaveLength(0);
    } finally {
      domSettings().handleDisabledFileLoadingAsSuccess = false;
    }
  });

  it('adds the tokeniser script once and resolves with the global it defines', async () => {
    const url = 'http://gateway.test/once.js';
    const tokenizer = { tokenize: vi.fn() };
    // The "script" defines its global when it runs: absent at the first look, there after.
    let looks = 0;
    Object.defineProperty(globalThis, 'PlateiaOnceCard', {
      configurable: true,
      get: () => (looks++ > 0 ? tokenizer : undefined),
    });
    domSettings().handleDisabledFileLoadingAsSuccess = true;
    try {
      expect(await loadCardTokenizer(url, 'PlateiaOnceCard')).toBe(tokenizer);
      expect(await loadCardTokenizer(url, 'PlateiaOnceCard')).toBe(tokenizer);
      expect(scriptsFor(url)).toHaveLength(1);
    } finally {
      domSettings().handleDisabledFileLoadingAsSuccess = false;
      delete (globalThis as Record<string, unknown>).PlateiaOnceCard;
    }
  });
});

describe('<plateia-checkout>', () => {
  it('without event-id and with an empty cart says so and asks the API for nothing', async () => {
    clearCarts();
    defineCheckout();
    const element = document.createElement('plateia-checkout');
    document.body.append(element);
    await settle(100);
    expect(element.shadowRoot?.textContent).toContain('Seu carrinho está vazio');
    expect(calls).toEqual([]);
  });

  it('renders in a shadow root and fires its events from the element', async () => {
    logIn();
    defineCheckout();
    const element = document.createElement('plateia-checkout');
    element.setAttribute('event-id', '3');
    const started = vi.fn();
    element.addEventListener('plateia-checkout-start', started);
    document.body.append(element);
    await settle();
    const root = element.shadowRoot as ShadowRoot;
    const button = within(root as unknown as HTMLElement).getByRole('button', { name: 'Finalizar Compra' });
    expect(document.body.textContent).not.toContain('Finalizar Compra');
    fireEvent.click(button);
    await settle();
    expect(started).toHaveBeenCalledTimes(1);
    expect(started.mock.calls[0]?.[0].target).toBe(element);
  });
});
