import { ticketItem } from '@plateia/core/rules/cart';
import { installmentOptions } from '@plateia/core/rules/installments';
import { $cart, $cartUpdatedAt, clearCarts } from '@plateia/core/stores/cart';
import { $checkout, $checkoutStartedAt } from '@plateia/core/stores/checkout';
import { $cardConfig, resetPayment } from '@plateia/core/stores/payment';
import { $sessionToken, $user } from '@plateia/core/stores/session';
import { type ApiCall, fakeRoutes, json } from '@plateia/core/testing/fake-api';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { allTasks } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exactOrigin } from '../../shared/storefront-origin.ts';
import { DEMO_USER, installFakeApi, uninstallFakeApi } from '../../test/fake-api.ts';
import {
  CARD_FRAME_NO_ANSWER,
  cardFrameUrl,
  messageFrom,
  requestCardToken,
  serveCardFrame,
} from './card-frame.ts';
import { Checkout } from './checkout.tsx';

const STOREFRONT = 'http://loja.plateia.test';
const PRODUCER = 'http://produtora.test';
const NONCE = '0123456789abcdef0123456789abcdef';

/** A window-like peer: only its identity and `postMessage` matter to the protocol. */
function peer(): Window & { postMessage: ReturnType<typeof vi.fn> } {
  return { postMessage: vi.fn() } as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
}

function deliver(data: unknown, origin: string, source: unknown, target: Window = window): void {
  target.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
}

describe('card frame protocol', () => {
  it('names the parent origin and nonce in the frame address', () => {
    const url = new URL(cardFrameUrl(STOREFRONT, PRODUCER, NONCE));
    expect(url.origin + url.pathname).toBe(`${STOREFRONT}/pagamento/cartao`);
    expect(url.searchParams.get('origin')).toBe(PRODUCER);
    expect(url.searchParams.get('nonce')).toBe(NONCE);
    expect(exactOrigin(PRODUCER)).toBe(PRODUCER);
    expect(exactOrigin(`${PRODUCER}/`)).toBeNull();
    expect(exactOrigin('javascript:alert(1)')).toBeNull();
  });

  it('reads a message only from the expected window, origin and nonce', () => {
    const frame = peer();
    const read = (data: unknown, origin: string, source: unknown) =>
      messageFrom(new MessageEvent('message', { data, origin, source: source as Window }), {
        source: frame,
        origin: STOREFRONT,
        nonce: NONCE,
      });
    const ready = { type: 'plateia:card-ready', nonce: NONCE };
    expect(read(ready, STOREFRONT, frame)).toEqual(ready);
    expect(read(ready, PRODUCER, frame)).toBeNull();
    expect(read(ready, STOREFRONT, peer())).toBeNull();
    expect(read(ready, STOREFRONT, null)).toBeNull();
    expect(read({ ...ready, nonce: 'other' }, STOREFRONT, frame)).toBeNull();
    expect(read({ type: 'other', nonce: NONCE }, STOREFRONT, frame)).toBeNull();
    expect(read('plateia:card-ready', STOREFRONT, frame)).toBeNull();
  });

  it("asks the storefront's origin only and takes the token only from the frame", async () => {
    const frame = peer();
    const asked = requestCardToken({
      frame,
      source: frame,
      origin: STOREFRONT,
      nonce: NONCE,
      installments: 3,
    });
    expect(frame.postMessage).toHaveBeenCalledWith(
      { type: 'plateia:card-tokenize', nonce: NONCE, installments: 3 },
      STOREFRONT,
    );
    const forged = { type: 'plateia:card-token', nonce: NONCE, token: 'tok_forjado' };
    deliver(forged, PRODUCER, frame);
    deliver(forged, STOREFRONT, peer());
    deliver({ ...forged, nonce: 'outro' }, STOREFRONT, frame);
    deliver(
      { type: 'plateia:card-token', nonce: NONCE, token: 'tok_1', brand: 'master', last4: '6351' },
      STOREFRONT,
      frame,
    );
    await expect(asked).resolves.toEqual({ token: 'tok_1', brand: 'master', last4: '6351' });
  });

  it("rejects with the frame's message, or after the time limit", async () => {
    const frame = peer();
    const refused = requestCardToken({ frame, source: frame, origin: STOREFRONT, nonce: NONCE });
    deliver(
      { type: 'plateia:card-error', nonce: NONCE, message: 'Validade inválida. Use MM/AA.' },
      STOREFRONT,
      frame,
    );
    await expect(refused).rejects.toThrow('Validade inválida. Use MM/AA.');

    vi.useFakeTimers();
    try {
      const silent = requestCardToken({
        frame,
        source: frame,
        origin: STOREFRONT,
        nonce: NONCE,
        timeoutMs: 1000,
      });
      const outcome = expect(silent).rejects.toThrow(CARD_FRAME_NO_ANSWER);
      await vi.advanceTimersByTimeAsync(1000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });

  it('the frame answers only its parent, on its origin, with its nonce', async () => {
    const parent = peer();
    const tokenize = vi.fn(async (installments: number | undefined) => ({
      token: `tok_${installments}`,
      last4: '6351',
    }));
    const served = serveCardFrame({ parent, parentOrigin: PRODUCER, nonce: NONCE, tokenize });
    try {
      expect(parent.postMessage).toHaveBeenCalledWith({ type: 'plateia:card-ready', nonce: NONCE }, PRODUCER);
      const request = { type: 'plateia:card-tokenize', nonce: NONCE, installments: 2 };
      deliver(request, 'http://intruso.test', parent);
      deliver(request, PRODUCER, peer());
      deliver({ ...request, nonce: 'outro' }, PRODUCER, parent);
      await Promise.resolve();
      expect(tokenize).not.toHaveBeenCalled();

      deliver(request, PRODUCER, parent);
      await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(2));
      expect(tokenize).toHaveBeenCalledWith(2);
      // Only to the parent's origin: a page that framed the card under another name gets nothing.
      expect(parent.postMessage).toHaveBeenLastCalledWith(
        { type: 'plateia:card-token', nonce: NONCE, token: 'tok_2', brand: undefined, last4: '6351' },
        PRODUCER,
      );

      tokenize.mockRejectedValueOnce(new Error('Número de cartão inválido.'));
      deliver({ type: 'plateia:card-tokenize', nonce: NONCE }, PRODUCER, parent);
      await vi.waitFor(() => expect(parent.postMessage).toHaveBeenCalledTimes(3));
      expect(parent.postMessage).toHaveBeenLastCalledWith(
        { type: 'plateia:card-error', nonce: NONCE, message: 'Número de cartão inválido.' },
        PRODUCER,
      );
    } finally {
      served.stop();
    }
  });
});

/**
 * The iframe's window: the test environment loads no page in it, so it gets a stand-in
 * whose `postMessage` is recorded (the checkout reads `contentWindow` when it needs it).
 */
function frameOf(iframe: HTMLIFrameElement): { frame: Window; post: ReturnType<typeof vi.fn> } {
  const frame = iframe.contentWindow ?? peer();
  const post = vi.fn();
  Object.defineProperty(frame, 'postMessage', { value: post, configurable: true });
  if (iframe.contentWindow !== frame) Object.defineProperty(iframe, 'contentWindow', { value: frame });
  return { frame, post };
}

describe('checkout on a producer page', () => {
  let calls: ApiCall[];
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const ORDER = {
    id: 55,
    number: 'PLT-55',
    status: 'reserved',
    eventId: 3,
    subtotalCents: 20000,
    discountCents: 0,
    feeCents: 1800,
    totalCents: 21800,
    expiresAt: new Date(NOW + 15 * 60_000).toISOString(),
    items: [],
  };

  beforeEach(() => {
    vi.useFakeTimers({
      now: NOW,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    installFakeApi();
    calls = fakeRoutes({
      'POST /cart/reserve': () =>
        json(200, {
          success: true,
          tickets: [{ tk_id: 10, tk_allow: { tk_allow: 2, tk_is_permitted_to_buy: true } }],
          products: [],
          order: ORDER,
        }),
      'GET /payments/card/config': () =>
        json(200, {
          tokenizerUrl: 'http://gateway.test/tokenizer.js',
          tokenizerGlobal: 'PlateiaTestCard',
          maxInstallments: 12,
          minInstallmentCents: 500,
          amount: 21800,
          installments: installmentOptions(21800),
          testCards: [{ number: '5031433215406351', holder: 'APRO', outcome: 'Aprovado' }],
        }),
      'GET /payments/55/status': () => json(200, { orderId: 55, status: 'reserved', message: '' }),
      'POST /payments/card': () =>
        json(200, { paymentId: 2, orderId: 55, status: 'approved', message: 'Pagamento aprovado!' }),
    });
    $cart.set([ticketItem({ id: 10, eventId: 3, tk_price: 10000, amount: 2, n_number: 1, name: 'Pista' })]);
    $cartUpdatedAt.set(NOW);
    $sessionToken.set('token-de-teste');
    $user.set(DEMO_USER);
    // The script-tag loader from the storefront, on a page of another origin.
    (globalThis as Record<string, unknown>).Plateia = { base: `${STOREFRONT}/embed/v1/plateia.js` };
  });

  afterEach(() => {
    cleanup();
    document.body.replaceChildren();
    resetPayment();
    clearCarts();
    $checkout.set(null);
    $checkoutStartedAt.set(null);
    $cardConfig.set(null);
    delete (globalThis as Record<string, unknown>).Plateia;
    vi.useRealTimers();
    uninstallFakeApi();
  });

  async function settle(): Promise<void> {
    for (let round = 0; round < 2; round++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
        await allTasks();
        await vi.advanceTimersByTimeAsync(0);
      });
    }
  }

  it('shows the storefront frame instead of the card fields and pays with its token', async () => {
    render(<Checkout />);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    await settle();

    const iframe = screen.getByTitle('Dados do cartão') as HTMLIFrameElement;
    const src = new URL(iframe.src);
    expect(src.origin + src.pathname).toBe(`${STOREFRONT}/pagamento/cartao`);
    expect(src.searchParams.get('origin')).toBe(window.location.origin);
    const nonce = src.searchParams.get('nonce') ?? '';
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // No card field, no test card number and no gateway script on this page.
    expect(screen.queryByLabelText('Número do cartão')).toBeNull();
    expect(screen.queryByLabelText('CVV')).toBeNull();
    expect(document.body.textContent).not.toContain('5031433215406351');
    expect(document.querySelector('script[src="http://gateway.test/tokenizer.js"]')).toBeNull();

    const { frame, post } = frameOf(iframe);
    const pay = () => fireEvent.click(screen.getByRole('button', { name: 'Pagar R$ 218,00' }));

    // Before the frame says it is listening, nothing was typed there.
    pay();
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Preencha os dados do cartão.');
    expect(post).not.toHaveBeenCalled();

    // A ready message from another origin is not the frame's.
    deliver({ type: 'plateia:card-ready', nonce }, PRODUCER, frame);
    pay();
    await settle();
    expect(post).not.toHaveBeenCalled();

    deliver({ type: 'plateia:card-ready', nonce }, STOREFRONT, frame);
    fireEvent.change(screen.getByLabelText('Parcelas'), { target: { value: '3' } });
    pay();
    await settle();
    expect(post).toHaveBeenCalledWith({ type: 'plateia:card-tokenize', nonce, installments: 3 }, STOREFRONT);
    expect(screen.getByText('Processando pagamento…')).toBeTruthy();

    // The page itself posting a token is ignored; the frame's is used.
    deliver({ type: 'plateia:card-token', nonce, token: 'tok_da_pagina' }, window.location.origin, window);
    await settle();
    expect(calls.filter((call) => call.path === '/payments/card')).toEqual([]);
    deliver({ type: 'plateia:card-token', nonce, token: 'tok_1', last4: '6351' }, STOREFRONT, frame);
    await settle();
    const charged = calls.filter((call) => call.path === '/payments/card');
    expect(charged).toHaveLength(1);
    expect(charged[0]?.body).toMatchObject({ orderId: 55, token: 'tok_1', installments: 3 });
    expect(screen.getByRole('heading', { name: 'Compra confirmada!' })).toBeTruthy();
  });

  it("shows the frame's refusal and does not charge; Enter in the frame pays", async () => {
    render(<Checkout />);
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar Compra' }));
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: 'Cartão de crédito' }));
    await settle();
    const iframe = screen.getByTitle('Dados do cartão') as HTMLIFrameElement;
    const nonce = new URL(iframe.src).searchParams.get('nonce') ?? '';
    const { frame, post } = frameOf(iframe);
    deliver({ type: 'plateia:card-ready', nonce }, STOREFRONT, frame);
    deliver({ type: 'plateia:card-submit', nonce }, STOREFRONT, frame);
    await settle();
    expect(post).toHaveBeenCalledWith({ type: 'plateia:card-tokenize', nonce, installments: 1 }, STOREFRONT);
    deliver({ type: 'plateia:card-error', nonce, message: 'Número de cartão inválido.' }, STOREFRONT, frame);
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Número de cartão inválido.');
    expect(calls.filter((call) => call.path === '/payments/card')).toEqual([]);
  });
});
