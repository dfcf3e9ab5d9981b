// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import { CART_MESSAGES } from '../messages/cart.ts';
import { SEAT_MESSAGES } from '../messages/seat-hold.ts';
import { cartItemKey, ticketItem } from '../rules/cart.ts';
import { seatLine } from '../test/cart-lines.ts';
import { type ApiCall, fakeRoutes, json } from '../test/fake-api.ts';
import {
  $cart,
  $cartCount,
  $cartEventId,
  $cartHasItems,
  $cartPixel,
  $cartTotalCents,
  $cartUpdatedAt,
  $productCart,
  addProductToCart,
  addSeatToCart,
  addToCart,
  clearCarts,
  removeAllFromCart,
  removeOneFromCart,
  removeOneProductFromCart,
  removeProductFromCart,
  removeSeatFromCart,
} from './cart.ts';
import { $seatHolds, $seatStatuses } from './seat-hold.ts';
import { sessionId } from './session.ts';
import { $toasts, clearToasts } from './toasts.ts';

const general = ticketItem({ id: 10, eventId: 1, tk_price: 5000, n_number: 1, eventPixel: 'px-1' });
const resale = (resaleId: number) =>
  ticketItem({ id: 11, eventId: 1, tk_price: 8000, is_from_resale: 1, resaleId });
const seat = (seatId: string) =>
  seatLine(
    { seat_id: seatId, seat_number: '4' },
    {
      id: 12,
      eventId: 2,
      tk_price: 12000,
      seatDetails: { sectionName: 'Plateia', rowName: 'A', seatNumber: '4' },
    },
  );

const toastMessages = () => $toasts.get().map((toast) => toast.message);
const available = (call: ApiCall) =>
  json(200, {
    data: Object.fromEntries(
      (call.url.searchParams.get('seatIds') ?? '').split(',').map((id) => [id, 'available']),
    ),
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $cart.set([]);
  $productCart.set([]);
  $cartUpdatedAt.set(null);
  $seatHolds.set([]);
  $seatStatuses.set({});
});

afterEach(() => {
  clearToasts();
  configureApi({});
  cleanStores(
    $cart,
    $productCart,
    $cartUpdatedAt,
    $cartCount,
    $cartTotalCents,
    $cartEventId,
    $cartPixel,
    $seatHolds,
  );
});

describe('tickets and products', () => {
  it('merges, counts, totals and persists to plateia:cart', () => {
    expect(addToCart(general)).toEqual({ ok: true });
    addToCart({ ...general, amount: 2 });
    addProductToCart({ id: 'p1', qtd: 0, price: 1500, eventId: 1 }, 2);
    expect($cart.get()).toHaveLength(1);
    expect($cartCount.get()).toBe(5);
    expect($cartTotalCents.get()).toBe(3 * 5000 + 2 * 1500);
    expect($cartEventId.get()).toBe(1);
    expect($cartPixel.get()).toBe('px-1');
    expect($cartHasItems.get()).toBe(true);
    expect(JSON.parse(localStorage.getItem('plateia:cart') ?? '[]')[0].amount).toBe(3);
    expect(JSON.parse(localStorage.getItem('plateia:productCart') ?? '[]')).toEqual([
      { amount: 2, product: { id: 'p1', qtd: 0, price: 1500, eventId: 1 } },
    ]);
  });

  it('stamps the last change for the expiry clock and clears it when empty', () => {
    addToCart(general);
    expect($cartUpdatedAt.get()).toBeTypeOf('number');
    expect(localStorage.getItem('plateia:cartUpdatedAt')).toBe(String($cartUpdatedAt.get()));
    clearCarts();
    expect($cartUpdatedAt.get()).toBeNull();
    expect(localStorage.getItem('plateia:cartUpdatedAt')).toBeNull();
  });

  it('refuses a second resale ticket with the spec message as a toast', () => {
    addToCart(resale(1));
    expect(addToCart(resale(2))).toEqual({ ok: false, error: CART_MESSAGES.resaleLimit });
    expect(toastMessages()).toEqual([CART_MESSAGES.resaleLimit]);
    expect($cart.get()).toHaveLength(1);
  });

  it('removes one at a time and all by ticket id or resaleId', async () => {
    addToCart({ ...general, amount: 2 });
    addToCart(resale(4));
    await removeOneFromCart(cartItemKey(general));
    expect($cart.get().find((item) => item.id === 10)?.amount).toBe(1);
    await removeAllFromCart({ resaleId: 4 });
    expect($cart.get().map((item) => item.id)).toEqual([10]);
    await removeAllFromCart({ ticketId: 10 });
    expect($cart.get()).toEqual([]);
  });

  it('removes products one at a time and entirely', () => {
    addProductToCart({ id: 'p1', qtd: 0, price: 100 }, 3);
    removeOneProductFromCart('p1');
    expect($productCart.get()[0]?.amount).toBe(2);
    removeProductFromCart('p1');
    expect($productCart.get()).toEqual([]);
  });

  it('reloads the stored cart and drops entries that are not cart lines', () => {
    localStorage.setItem('plateia:cart', JSON.stringify([general, { nope: true }]));
    cleanStores($cart);
    expect($cart.get()).toEqual([general]);
    localStorage.setItem('plateia:cart', '{corrupt');
    cleanStores($cart);
    expect($cart.get()).toEqual([]);
  });

  it('follows another tab through storage events', () => {
    const seen: number[] = [];
    const unbind = $cartCount.subscribe((count) => seen.push(count));
    localStorage.setItem('plateia:cart', JSON.stringify([{ ...general, amount: 4 }]));
    window.dispatchEvent(
      new StorageEvent('storage', {
        key: 'plateia:cart',
        newValue: JSON.stringify([{ ...general, amount: 4 }]),
        storageArea: localStorage,
      }),
    );
    expect($cart.get()[0]?.amount).toBe(4);
    expect(seen.at(-1)).toBe(4);
    unbind();
  });
});

describe('seat flow', () => {
  it('checks status, holds 600 s with the session id, adds and records the hold', async () => {
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: true }),
    });
    const result = addSeatToCart(seat('501'));
    await allTasks();
    expect(await result).toEqual({ ok: true });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /seat/status',
      'POST /seat/hold',
    ]);
    expect(calls[0]?.url.searchParams.get('eventId')).toBe('2');
    expect(calls[0]?.url.searchParams.get('seatIds')).toBe('501');
    expect(calls[0]?.url.searchParams.get('sessionId')).toBe(sessionId());
    expect(calls[1]?.body).toEqual({
      eventId: 2,
      seatIds: [501],
      holdSeconds: 600,
      sessionId: sessionId(),
    });
    expect($cart.get()).toHaveLength(1);
    expect($seatHolds.get()).toEqual([{ eventId: 2, seatIds: ['501'], sessionId: sessionId() }]);
    expect(JSON.parse(localStorage.getItem('plateia:seatHolds') ?? '[]')).toEqual([
      { eventId: 2, seatIds: ['501'], sessionId: sessionId() },
    ]);
  });

  it('refuses a seat that is not available without holding it', async () => {
    const calls = fakeRoutes({ 'GET /seat/status': () => json(200, { data: { '501': 'held' } }) });
    addSeatToCart(seat('501'));
    await allTasks();
    expect(toastMessages()).toEqual(['Este assento não está mais disponível']);
    expect(calls).toHaveLength(1);
    expect($cart.get()).toEqual([]);
  });

  it('refuses a seat already in the cart without calling the seat service', async () => {
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: true }),
    });
    addSeatToCart(seat('501'));
    await allTasks();
    const again = await addSeatToCart(seat('501'));
    expect(again).toEqual({ ok: false, error: 'Este assento já está no seu carrinho' });
    expect(calls).toHaveLength(2);
  });

  it('does not hold twice on a double click', async () => {
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: true }),
    });
    const first = addSeatToCart(seat('501'));
    const second = addSeatToCart(seat('501'));
    await allTasks();
    expect(await first).toEqual({ ok: true });
    expect(await second).toEqual({ ok: false, error: SEAT_MESSAGES.alreadyInCart });
    expect(calls.filter((call) => call.path === '/seat/hold')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/seat/release')).toHaveLength(0);
  });

  it('shows the server message on a 409 hold and releases', async () => {
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(409, { error: 'seat_taken', message: 'Assento 501 já reservado' }),
      'POST /seat/release': () => json(200, { success: true }),
    });
    const result = await addSeatToCart(seat('501'));
    expect(result).toEqual({ ok: false, error: 'Assento 501 já reservado' });
    expect(calls.at(-1)?.path).toBe('/seat/release');
    expect(calls.at(-1)?.body).toEqual({ eventId: 2, seatIds: [501], sessionId: sessionId() });
    expect($cart.get()).toEqual([]);
    expect($seatHolds.get()).toEqual([]);
  });

  it('uses the spec text on a 409 without a message, and the default error otherwise', async () => {
    let holdStatus = 409;
    fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => new Response(null, { status: holdStatus }),
      'POST /seat/release': () => json(200, {}),
    });
    expect(await addSeatToCart(seat('501'))).toEqual({
      ok: false,
      error: 'Este assento acabou de ser reservado por outra pessoa',
    });
    holdStatus = 500;
    expect(await addSeatToCart(seat('501'))).toEqual({
      ok: false,
      error: 'Erro ao adicionar assento ao carrinho',
    });
  });

  it('treats a hold answered with success false as taken', async () => {
    fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: false }),
      'POST /seat/release': () => json(200, {}),
    });
    expect(await addSeatToCart(seat('501'))).toEqual({ ok: false, error: SEAT_MESSAGES.takenByAnother });
  });

  it('gives the default error when the status call fails', async () => {
    fakeRoutes({ 'GET /seat/status': () => json(400, { error: 'bad', message: 'x' }) });
    expect(await addSeatToCart(seat('501'))).toEqual({ ok: false, error: SEAT_MESSAGES.addFailed });
  });

  it('releases a removed seat and keeps it when the release fails', async () => {
    let releaseStatus = 500;
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: true }),
      'POST /seat/release': () => json(releaseStatus, {}),
    });
    await addSeatToCart(seat('501'));
    expect(await removeSeatFromCart(seat('501'))).toEqual({
      ok: false,
      error: 'Erro ao remover assento do carrinho',
    });
    expect($cart.get()).toHaveLength(1);
    expect($seatHolds.get()).toHaveLength(1);
    releaseStatus = 200;
    expect(await removeSeatFromCart(seat('501'))).toEqual({ ok: true });
    expect($cart.get()).toEqual([]);
    expect($seatHolds.get()).toEqual([]);
    expect(calls.filter((call) => call.path === '/seat/release')).toHaveLength(2);
  });

  it('releases every seat of a ticket removed all at once', async () => {
    const calls = fakeRoutes({
      'GET /seat/status': available,
      'POST /seat/hold': () => json(200, { success: true }),
      'POST /seat/release': () => json(200, {}),
    });
    await addSeatToCart(seat('501'));
    await addSeatToCart(seat('502'));
    addToCart(general);
    await removeAllFromCart({ ticketId: 12 });
    expect(calls.at(-1)?.body).toEqual({ eventId: 2, seatIds: [501, 502], sessionId: sessionId() });
    expect($cart.get()).toEqual([general]);
  });
});
