// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { PAYMENT_MESSAGES } from '../messages/payments.ts';
import { ticketItem } from '../rules/cart.ts';
import { installmentOptions } from '../rules/installments.ts';
import { fakeApi, fakeRoutes, json } from '../test/fake-api.ts';
import { $cart, $cartUpdatedAt, $productCart } from './cart.ts';
import { $checkout, $checkoutStartedAt, type CheckoutData } from './checkout.ts';
import {
  $cardConfig,
  $payment,
  cardAttemptKey,
  loadCardConfig,
  newCardAttempt,
  payWithCard,
  resetPayment,
  startPixPayment,
  watchPaymentStatus,
} from './payment.ts';
import { $seatHolds } from './seat-hold.ts';
import { $toasts, clearToasts } from './toasts.ts';

const CHECKOUT: CheckoutData = {
  eventId: 3,
  coupon: '',
  tickets: [{ tk_id: 10, tk_allow: { tk_allow: 1, tk_is_permitted_to_buy: true } }],
  order: {
    id: 55,
    number: 'A1B2C3',
    status: 'reserved',
    eventId: 3,
    subtotalCents: 9091,
    discountCents: 0,
    feeCents: 909,
    totalCents: 10000,
    coupon: null,
    expiresAt: '2026-11-21T05:30:00.000Z',
    items: [],
  },
  payload: { user: 7, event_id: 3, n_number: 1, products: [], tickets: [], cupom: '', sessionId: 's' },
};

const PIX = {
  paymentId: 1,
  orderId: 55,
  txid: 'tx123',
  brcode: '00020126...6304ABCD',
  qrSvg: '<svg/>',
  amount: 10000,
  expiresAt: '2026-11-21T05:30:00.000Z',
  status: 'pending',
};

const status = (value: string, message = '') => ({
  orderId: 55,
  orderNumber: 'A1B2C3',
  status: value,
  totalCents: 10000,
  expiresAt: '2026-11-21T05:30:00.000Z',
  paidAt: null,
  message,
  payment: null,
});

const card = (value: string, message: string) => ({
  paymentId: 2,
  orderId: 55,
  status: value,
  message,
  installments: 3,
  installmentLabel: '3x de R$ 33,34',
  card: { brand: 'mastercard', last4: '6351' },
  replayed: false,
});

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  localStorage.clear();
  sessionStorage.clear();
  $cart.set([ticketItem({ id: 10, eventId: 3, tk_price: 9091 })]);
  $productCart.set([]);
  $cartUpdatedAt.set(0);
  $seatHolds.set([]);
  $checkout.set(CHECKOUT);
  $checkoutStartedAt.set(0);
  $cardConfig.set(null);
  resetPayment();
});

afterEach(() => {
  resetPayment();
  vi.useRealTimers();
  clearToasts();
  configureApi({});
  cleanStores($cart, $productCart, $cartUpdatedAt, $seatHolds, $checkout, $checkoutStartedAt, $payment);
});

describe('PIX', () => {
  it('opens the charge and completes checkout once the status says paid', async () => {
    let answer = status('reserved', 'Aguardando pagamento');
    const calls = fakeRoutes({
      'POST /payments/pix': () => json(200, PIX),
      'GET /payments/55/status': () => json(200, answer),
    });
    await startPixPayment();
    expect(calls[0]?.body).toEqual({ orderId: 55 });
    expect($payment.get()).toMatchObject({ phase: 'waiting', method: 'pix', orderId: 55, pix: PIX });
    await vi.advanceTimersByTimeAsync(3000);
    await allTasks();
    expect($payment.get().phase).toBe('waiting');
    answer = status('paid');
    await vi.advanceTimersByTimeAsync(3000);
    await allTasks();
    expect($payment.get().phase).toBe('paid');
    expect($cart.get()).toEqual([]);
    expect($checkout.get()).toBeNull();
    const polls = calls.filter((call) => call.path === '/payments/55/status').length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls.filter((call) => call.path === '/payments/55/status')).toHaveLength(polls);
  });

  it('ends checkout when the charge lapses', async () => {
    fakeRoutes({
      'POST /payments/pix': () => json(200, PIX),
      'GET /payments/55/status': () => json(200, status('expired', '')),
    });
    await startPixPayment();
    await vi.advanceTimersByTimeAsync(3000);
    await allTasks();
    expect($payment.get()).toMatchObject({ phase: 'expired', message: PAYMENT_MESSAGES.expired });
    expect($cart.get()).toEqual([]);
    expect($checkoutStartedAt.get()).toBeNull();
  });

  it('keeps polling through a failed poll and stops when asked', async () => {
    let fail = true;
    const calls = fakeRoutes({
      'GET /payments/55/status': () =>
        fail ? json(503, { error: 'x', message: 'y' }) : json(200, status('reserved')),
    });
    const stop = watchPaymentStatus(55, 1000);
    await vi.advanceTimersByTimeAsync(1000);
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    const count = calls.length;
    expect(count).toBeGreaterThanOrEqual(2);
    stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(count);
  });

  it('stops polling once the checkout is gone', async () => {
    const calls = fakeRoutes({ 'GET /payments/55/status': () => json(200, status('reserved')) });
    watchPaymentStatus(55, 1000);
    $checkout.set(null);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([]);
  });

  it('says so when there is no order to pay', async () => {
    $checkout.set(null);
    expect(await startPixPayment()).toEqual({ ok: false, message: PAYMENT_MESSAGES.noOrder });
    expect($toasts.get().map((toast) => toast.message)).toEqual([PAYMENT_MESSAGES.noOrder]);
  });

  it('shows the server message when the charge cannot be opened', async () => {
    fakeRoutes({
      'POST /payments/pix': () => json(409, { error: 'expired', message: 'A reserva expirou.' }),
    });
    expect(await startPixPayment()).toEqual({ ok: false, message: 'A reserva expirou.' });
    expect($payment.get().phase).toBe('failed');
  });
});

describe('a new checkout', () => {
  it('starts from a fresh payment once another order is reserved', async () => {
    fakeRoutes({ 'POST /payments/card': () => json(200, card('declined', 'Cartão recusado')) });
    const unbind = $payment.listen(() => {});
    await payWithCard({ token: 'tok_abcdefgh', installments: 1 });
    expect($payment.get().phase).toBe('declined');
    $checkout.set({ ...CHECKOUT, tickets: [...CHECKOUT.tickets] });
    expect($payment.get().phase).toBe('declined');
    $checkout.set({ ...CHECKOUT, order: { ...CHECKOUT.order, id: 56 } });
    expect($payment.get()).toMatchObject({ phase: 'idle', card: null, message: null });
    unbind();
  });
});

describe('card', () => {
  it('sends the token, installments and an idempotency key, and completes when approved', async () => {
    const calls = fakeRoutes({
      'POST /payments/card': () => json(200, card('approved', 'Pagamento aprovado')),
    });
    const result = await payWithCard({ token: 'tok_abcdefgh', installments: 3 });
    expect(result.ok).toBe(true);
    const body = calls[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ orderId: 55, token: 'tok_abcdefgh', installments: 3 });
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect($payment.get().phase).toBe('paid');
    expect($checkout.get()).toBeNull();
  });

  it('retries an attempt with the same key and a new card with a fresh one', async () => {
    let down = true;
    const calls = fakeRoutes({
      'POST /payments/card': () => (down ? json(502, {}) : json(200, card('declined', 'Cartão recusado'))),
    });
    await payWithCard({ token: 'tok_abcdefgh', installments: 3 });
    expect($payment.get().phase).toBe('failed');
    down = false;
    await payWithCard({ token: 'tok_abcdefgh', installments: 3 });
    await payWithCard({ token: 'tok_other123', installments: 3 });
    const keys = calls.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('keeps checkout open with the gateway message on a decline', async () => {
    fakeRoutes({
      'POST /payments/card': () => json(200, card('declined', 'Cartão recusado: limite insuficiente')),
    });
    expect(await payWithCard({ token: 'tok_abcdefgh', installments: 1 })).toEqual({
      ok: false,
      message: 'Cartão recusado: limite insuficiente',
    });
    expect($payment.get().phase).toBe('declined');
    expect($checkout.get()).not.toBeNull();
    expect($toasts.get().at(-1)?.message).toBe('Cartão recusado: limite insuficiente');
  });

  it('waits for the status when the gateway leaves it pending', async () => {
    fakeRoutes({
      'POST /payments/card': () => json(200, card('pending', 'Pagamento em análise')),
      'GET /payments/55/status': () => json(200, status('paid')),
    });
    await payWithCard({ token: 'tok_abcdefgh', installments: 1, intervalMs: 500 });
    expect($payment.get()).toMatchObject({ phase: 'waiting', message: 'Pagamento em análise' });
    await vi.advanceTimersByTimeAsync(500);
    await allTasks();
    expect($payment.get().phase).toBe('paid');
  });

  it('derives attempt keys from order, token and installments', () => {
    const key = cardAttemptKey(55, 'tok_abcdefgh', 2);
    expect(cardAttemptKey('55', 'tok_abcdefgh', 2)).toBe(key);
    expect(cardAttemptKey(55, 'tok_abcdefgh', 3)).not.toBe(key);
    const again = cardAttemptKey(55, 'tok_abcdefgh', 3);
    newCardAttempt();
    expect(cardAttemptKey(55, 'tok_abcdefgh', 3)).not.toBe(again);
  });

  it('makes keys without randomUUID (pages outside a secure context)', () => {
    // Shadow the prototype's method on the instance, as a non-secure page has none.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      newCardAttempt();
      expect(cardAttemptKey(55, 'tok_abcdefgh', 1)).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('loads the card configuration with the installments the API host computes for the order total', async () => {
    const calls = fakeApi((call) => {
      const amount = Number(call.url.searchParams.get('amount'));
      return json(200, {
        tokenizerUrl: 'https://api.test/sandbox/card.js',
        tokenizerGlobal: 'PlateiaCard',
        maxInstallments: 12,
        minInstallmentCents: 500,
        amount,
        // What the API host answers: the same rule it charges by.
        installments: installmentOptions(amount),
        sandbox: true,
      });
    });
    const config = await loadCardConfig();
    expect(calls.map((call) => String(call.url))).toEqual([
      'https://api.test/payments/card/config?amount=10000',
    ]);
    expect(config?.amount).toBe(10000);
    expect($cardConfig.get()).toBe(config);
    expect(config?.installments.slice(0, 3).map((option) => option.label)).toEqual([
      '1x de R$ 100,00',
      '2x de R$ 50,00',
      '3x de R$ 33,34',
    ]);
  });
});
