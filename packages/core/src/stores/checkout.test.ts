// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { CHECKOUT_MESSAGES } from '../messages/checkout.ts';
import { RESERVATION_MESSAGES } from '../messages/orders.ts';
import { ticketItem } from '../rules/cart.ts';
import { CART_EXPIRY_MS } from '../rules/expiry.ts';
import { seatLine } from '../test/cart-lines.ts';
import { type ApiCall, fakeRoutes, json, sent } from '../test/fake-api.ts';
import { $cart, $cartUpdatedAt, $productCart, addProductToCart, addToCart } from './cart.ts';
import { $cartExpiresAt } from './cart-expiry.ts';
import {
  $checkout,
  $checkoutActive,
  $checkoutStartedAt,
  $checkoutStatus,
  $coupon,
  completeCheckout,
  endCheckout,
  quitCheckout,
  setCoupon,
  startCheckout,
} from './checkout.ts';
import { $seatHolds } from './seat-hold.ts';
import { $user, sessionId } from './session.ts';
import { $toasts, clearToasts } from './toasts.ts';

const general = ticketItem({ id: 10, eventId: 3, tk_price: 5000, n_number: 2, amount: 2 });
const seat = seatLine({ seat_id: 501 }, { id: 12, eventId: 3, tk_price: 9000, n_number: 1 });
const ORDER = {
  id: 55,
  number: 'A1B2C3',
  status: 'reserved',
  eventId: 3,
  subtotalCents: 21000,
  discountCents: 0,
  feeCents: 2100,
  totalCents: 23100,
  coupon: null,
  expiresAt: '2026-11-21T05:30:00.000Z',
  items: [],
};
const allowances = (call: ApiCall, permitted = true) =>
  (call.body as { tickets: Array<{ tk_id: number; tk_qtd: number }> }).tickets.map((line) => ({
    tk_id: line.tk_id,
    tk_allow: { tk_allow: line.tk_qtd, tk_is_permitted_to_buy: permitted },
  }));
/** The API host's answer to a reservation that went through. */
const allowAll = (call: ApiCall) =>
  json(200, { success: true, tickets: allowances(call), products: [], order: ORDER });
const toastMessages = () => $toasts.get().map((toast) => toast.message);

function putSeatInCart(): void {
  // The seat flow itself is covered by the cart tests; here the seat is simply held.
  $cart.set([...$cart.get(), seat]);
  $seatHolds.set([{ eventId: 3, seatIds: ['501'] }]);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $cart.set([]);
  $productCart.set([]);
  $cartUpdatedAt.set(null);
  $seatHolds.set([]);
  $checkout.set(null);
  $checkoutStartedAt.set(null);
  $coupon.set('');
  $checkoutStatus.set({ loading: false, error: null });
  $user.set({ id: 7, user: 'cliente@plateia.dev' });
});

afterEach(() => {
  vi.useRealTimers();
  clearToasts();
  configureApi({});
  cleanStores(
    $cart,
    $productCart,
    $cartUpdatedAt,
    $seatHolds,
    $checkout,
    $checkoutStartedAt,
    $checkoutActive,
    $cartExpiresAt,
    $user,
  );
});

describe('starting checkout', () => {
  it('asks for a login without calling the API or showing a toast', async () => {
    const calls = fakeRoutes({});
    $user.set(null);
    addToCart(general);
    expect(await startCheckout()).toEqual({
      ok: false,
      reason: 'login',
      message: CHECKOUT_MESSAGES.loginRequired,
    });
    expect(calls).toEqual([]);
    expect(toastMessages()).toEqual([]);
  });

  it('does nothing for an empty cart', async () => {
    expect(await startCheckout()).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('reserves the carts with the coupon and records start time and answer', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const calls = fakeRoutes({
      'POST /cart/reserve': allowAll,
    });
    addToCart(general);
    putSeatInCart();
    addProductToCart({ id: 'p1', qtd: 0, price: 1000, eventId: 3 });
    setCoupon(' PROMO ');
    const result = startCheckout();
    expect($checkoutStatus.get().loading).toBe(true);
    await allTasks();
    expect((await result).ok).toBe(true);
    expect(calls[0]?.body).toEqual({
      user: 7,
      event_id: 3,
      n_number: 2,
      products: [{ product_qtd: 1, product_id: 'p1' }],
      tickets: [
        { tk_qtd: 2, tk_id: 10, is_from_resale: 0, resaleId: null, original_n_number: 2 },
        { tk_qtd: 1, tk_id: 12, seat_id: 501, is_from_resale: 0, resaleId: null, original_n_number: 1 },
      ],
      cupom: 'PROMO',
      sessionId: sessionId(),
    });
    expect($checkoutStartedAt.get()).toBe(1_000_000);
    expect(localStorage.getItem('plateia:checkoutStartedAt')).toBe('1000000');
    expect($checkoutActive.get()).toBe(true);
    expect($checkout.get()?.order).toMatchObject({ id: 55, totalCents: 23100, feeCents: 2100 });
    expect(JSON.parse(localStorage.getItem('plateia:checkout') ?? 'null').coupon).toBe('PROMO');
    expect($checkoutStatus.get()).toEqual({ loading: false, error: null });
  });

  it('sends no coupon as null and the holder e-mails per ticket', async () => {
    const calls = fakeRoutes({ 'POST /cart/reserve': allowAll });
    addToCart(general);
    await startCheckout({ holderEmails: { 'ticket:10:2': ['amiga@exemplo.com.br'] } });
    expect(calls[0]?.body).toMatchObject({
      cupom: null,
      tickets: [{ tk_id: 10, tk_qtd: 2, holder_emails: ['amiga@exemplo.com.br'] }],
    });
  });

  it('reads a 409 answer: tickets not permitted clear the carts', async () => {
    fakeRoutes({
      'POST /cart/reserve': (call) =>
        json(409, {
          success: false,
          error: 'unavailable',
          message:
            'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
          tickets: allowances(call, false),
          products: [],
          order: null,
        }),
      'POST /seat/release': () => json(200, {}),
    });
    putSeatInCart();
    expect(await startCheckout()).toMatchObject({ ok: false, reason: 'not-permitted' });
    expect($cart.get()).toEqual([]);
  });

  it('shows the server text and keeps the cart when only a product ran out', async () => {
    const message = 'A quantidade desejada para um dos produtos selecionados não está mais disponível.';
    fakeRoutes({
      'POST /cart/reserve': (call) =>
        json(409, {
          success: false,
          error: 'unavailable',
          message,
          tickets: allowances(call),
          products: [{ product_id: 1, product_allow: 0, product_is_permitted_to_buy: false }],
          order: null,
        }),
    });
    addToCart(general);
    addProductToCart({ id: 1, qtd: 0 });
    expect(await startCheckout()).toEqual({ ok: false, reason: 'error', message });
    expect($cart.get()).toHaveLength(1);
    expect($productCart.get()).toHaveLength(1);
  });

  it('clears the carts and releases holds when a ticket may not be bought', async () => {
    const calls = fakeRoutes({
      'POST /cart/reserve': () =>
        json(409, {
          tickets: [{ tk_id: 12, tk_allow: { tk_allow: 0, tk_is_permitted_to_buy: false } }],
          order: null,
        }),
      'POST /seat/release': () => json(200, {}),
    });
    addToCart(general);
    putSeatInCart();
    addProductToCart({ id: 'p1', qtd: 0 });
    const result = await startCheckout();
    expect(result).toEqual({
      ok: false,
      reason: 'not-permitted',
      message: RESERVATION_MESSAGES.notPermitted,
    });
    expect(toastMessages()).toEqual([
      'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
    ]);
    expect($cart.get()).toEqual([]);
    expect($productCart.get()).toEqual([]);
    expect(calls.map(sent).at(-1)).toEqual({
      method: 'POST',
      path: '/seat/release',
      body: { eventId: 3, seatIds: [501], sessionId: sessionId() },
    });
    expect($seatHolds.get()).toEqual([]);
    expect($checkoutStartedAt.get()).toBeNull();
  });

  it('keeps the cart and does not start when only part is left', async () => {
    // The spec's own answer shape: a bare array of tickets.
    fakeRoutes({
      'POST /cart/reserve': () =>
        json(200, [{ tk_id: 10, tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } }]),
    });
    addToCart(general);
    const result = await startCheckout();
    expect(result).toEqual({
      ok: false,
      reason: 'partial',
      message: 'Alguns dos seus ingressos não estão mais disponíveis',
    });
    expect($cart.get()).toHaveLength(1);
    expect($checkoutStartedAt.get()).toBeNull();
    expect($checkoutStatus.get().error).toBe(RESERVATION_MESSAGES.partial);
  });

  it('shows the server text, or the default when there is none', async () => {
    let answer = json(400, { error: 'coupon_invalid', message: 'Cupom inválido ou expirado' });
    fakeRoutes({ 'POST /cart/reserve': () => answer });
    addToCart(general);
    expect(await startCheckout()).toMatchObject({ reason: 'error', message: 'Cupom inválido ou expirado' });
    answer = new Response('oops', { status: 500 });
    expect(await startCheckout()).toMatchObject({
      reason: 'error',
      message: 'Erro ao iniciar checkout, tente novamente',
    });
  });
});

describe('the stored checkout', () => {
  it('reads a stored reservation back and drops one without tickets, order or payload', () => {
    const stored = { eventId: 8, coupon: '', tickets: [], order: { id: 55 }, payload: { tickets: [] } };
    localStorage.setItem('plateia:checkout', JSON.stringify(stored));
    $checkout.reload();
    expect($checkout.get()).toEqual(stored);
    for (const broken of [
      { ...stored, tickets: null },
      { ...stored, order: null },
      { ...stored, payload: null },
      { ...stored, order: 'x' },
    ]) {
      localStorage.setItem('plateia:checkout', JSON.stringify(broken));
      $checkout.reload();
      expect($checkout.get(), JSON.stringify(broken)).toBeNull();
    }
  });
});

describe('quitting and ending checkout', () => {
  async function started(): Promise<ApiCall[]> {
    const calls = fakeRoutes({
      'POST /cart/reserve': allowAll,
      'POST /seat/hold': () => json(200, { success: true }),
      'POST /seat/release': () => json(200, {}),
    });
    addToCart(general);
    putSeatInCart();
    addProductToCart({ id: 'p1', qtd: 0 });
    await startCheckout();
    return calls;
  }

  it('quit clears the start time, refreshes seat holds and empties the product cart', async () => {
    const calls = await started();
    $seatHolds.set([...$seatHolds.get(), { eventId: 9, seatIds: ['z1'] }]);
    await quitCheckout();
    expect($checkoutStartedAt.get()).toBeNull();
    expect(localStorage.getItem('plateia:checkoutStartedAt')).toBeNull();
    expect($productCart.get()).toEqual([]);
    expect($cart.get()).toHaveLength(2);
    const after = calls.slice(1).map(sent);
    expect(after).toEqual([
      {
        method: 'POST',
        path: '/seat/hold',
        body: { eventId: 3, seatIds: [501], holdSeconds: 600, sessionId: sessionId() },
      },
      {
        method: 'POST',
        path: '/seat/release',
        body: { eventId: 9, seatIds: ['z1'], sessionId: sessionId() },
      },
    ]);
    expect($seatHolds.get()).toEqual([{ eventId: 3, seatIds: ['501'], sessionId: sessionId() }]);
  });

  it('quit releases the holds when the cart has no seats left', async () => {
    const calls = fakeRoutes({ 'POST /seat/release': () => json(200, {}) });
    addToCart(general);
    $seatHolds.set([{ eventId: 3, seatIds: ['501'] }]);
    $checkoutStartedAt.set(Date.now());
    await quitCheckout();
    expect(calls.map((call) => call.path)).toEqual(['/seat/release']);
    expect($seatHolds.get()).toEqual([]);
  });

  it('speaks as the tab session that holds the seats: reserve, renew and release', async () => {
    const calls = fakeRoutes({
      'POST /cart/reserve': allowAll,
      'POST /seat/hold': () => json(200, { success: true }),
      'POST /seat/release': () => json(200, {}),
    });
    $cart.set([seat]);
    $seatHolds.set([{ eventId: 3, seatIds: ['501'], sessionId: 'other-tab-session' }]);
    await startCheckout();
    expect(calls[0]?.body).toMatchObject({ sessionId: 'other-tab-session' });
    await quitCheckout();
    expect(calls[1]).toMatchObject({ path: '/seat/hold', body: { sessionId: 'other-tab-session' } });
    await endCheckout();
    expect(calls[2]).toMatchObject({
      path: '/seat/release',
      body: { seatIds: [501], sessionId: 'other-tab-session' },
    });
  });

  it('end releases holds and clears carts and checkout data', async () => {
    const calls = await started();
    await endCheckout();
    expect(calls.at(-1)?.path).toBe('/seat/release');
    expect($cart.get()).toEqual([]);
    expect($productCart.get()).toEqual([]);
    expect($checkout.get()).toBeNull();
    expect($checkoutStartedAt.get()).toBeNull();
    expect($seatHolds.get()).toEqual([]);
    for (const key of ['cart', 'productCart', 'checkout', 'checkoutStartedAt', 'seatHolds']) {
      expect(localStorage.getItem(`plateia:${key}`)).toBeNull();
    }
  });

  it('a paid checkout clears everything without releasing sold seats', async () => {
    const calls = await started();
    const before = calls.length;
    completeCheckout();
    await allTasks();
    expect(calls).toHaveLength(before);
    expect($cart.get()).toEqual([]);
    expect($seatHolds.get()).toEqual([]);
    expect($checkoutActive.get()).toBe(false);
  });
});

describe('cart expiry', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });

  it('ends checkout 15 minutes after the last cart change', async () => {
    const unbind = $cart.listen(() => {});
    addToCart(general);
    expect($cartExpiresAt.get()).toBe(CART_EXPIRY_MS);
    vi.advanceTimersByTime(10 * 60_000);
    addToCart(general);
    vi.advanceTimersByTime(CART_EXPIRY_MS - 1);
    expect($cart.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await allTasks();
    expect($cart.get()).toEqual([]);
    expect(toastMessages()).toContain(CHECKOUT_MESSAGES.expired);
    expect($cartExpiresAt.get()).toBeNull();
    unbind();
  });

  it('counts from the checkout start when it is later, and releases holds on expiry', async () => {
    const calls = fakeRoutes({ 'POST /cart/reserve': allowAll, 'POST /seat/release': () => json(200, {}) });
    const unbind = $cart.listen(() => {});
    putSeatInCart();
    $cartUpdatedAt.set(Date.now());
    vi.advanceTimersByTime(5 * 60_000);
    await startCheckout();
    expect($cartExpiresAt.get()).toBe(5 * 60_000 + CART_EXPIRY_MS);
    vi.advanceTimersByTime(CART_EXPIRY_MS - 1);
    expect($checkoutActive.get()).toBe(true);
    vi.advanceTimersByTime(1);
    await allTasks();
    expect($checkoutActive.get()).toBe(false);
    expect(calls.at(-1)?.path).toBe('/seat/release');
    unbind();
  });

  it('ends an already expired cart found in storage on load', async () => {
    localStorage.setItem('plateia:cart', JSON.stringify([general]));
    localStorage.setItem('plateia:cartUpdatedAt', String(Date.now() - CART_EXPIRY_MS - 1));
    cleanStores($cart, $cartUpdatedAt, $cartExpiresAt);
    const unbind = $cart.listen(() => {});
    expect($cart.get()).toHaveLength(1);
    vi.advanceTimersByTime(0);
    await allTasks();
    expect($cart.get()).toEqual([]);
    unbind();
  });

  it('has no deadline without a cart or a checkout', () => {
    expect($cartExpiresAt.get()).toBeNull();
  });
});
