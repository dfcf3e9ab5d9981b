// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { ReservedOrder } from '../contracts/orders.ts';
import type { SharedPaymentView, SharePaymentView, ShareView } from '../contracts/shared-payments.ts';
import { fakeRoutes, json, sent } from '../test/fake-api.ts';
import { $checkout, $checkoutStartedAt, type CheckoutData } from './checkout.ts';
import { clearFetcherCache } from './fetcher.ts';
import { $user } from './session.ts';
import {
  $mySharedPayments,
  $sharedPayment,
  $sharePayment,
  loadMySharedPayments,
  orderTicketCount,
  resendShareEmail,
  splitCheckoutPayment,
  watchSharedPayment,
  watchSharePayment,
} from './shared-payments.ts';
import { $toasts, clearToasts } from './toasts.ts';

const share = (position: number, status: ShareView['status'] = 'pending'): ShareView => ({
  id: 100 + position,
  position,
  email: position === 1 ? 'ana@x.com' : `amigo${position}@x.com`,
  name: null,
  isLeader: position === 1,
  isViewer: position === 1,
  amountCents: 5_000,
  tickets: 1,
  status,
  paidAt: status === 'paid' ? '2026-11-24T10:00:00.000Z' : null,
  refundedAt: null,
  emailSentAt: '2026-11-24T09:00:00.000Z',
});

const group = (status: SharedPaymentView['status'], shares: ShareView[]): SharedPaymentView => ({
  id: 9,
  status,
  orderId: 55,
  orderNumber: 'A1B2C3',
  event: { id: 2, name: 'Teatro', startsAt: '2026-12-20T20:00:00.000Z', venue: 'Sala', imageUrl: null },
  totalCents: 10_000,
  paidCents: shares.filter((s) => s.status === 'paid').length * 5_000,
  deadline: '2026-11-25T09:00:00.000Z',
  closesAt: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-24T09:00:00.000Z',
  leader: { userId: 7, name: 'Ana' },
  viewerRole: 'leader',
  shares,
});

const shareView = (status: ShareView['status'], groupStatus: SharedPaymentView['status'] = 'open') => {
  const { shares: _shares, ...summary } = group(groupStatus, [share(1), share(2, status)]);
  return {
    share: { ...share(2, status), isViewer: true },
    sharedPayment: { ...summary, viewerRole: 'participant' },
    pix:
      status === 'pending'
        ? {
            paymentId: 1,
            orderId: 55,
            txid: 't',
            brcode: '0002',
            qrSvg: '<svg/>',
            amount: 5000,
            expiresAt: '2026-11-25T10:00:00.000Z',
            status: 'pending',
          }
        : null,
    message: status === 'pending' ? 'Aguardando pagamento' : 'Pago',
  } satisfies SharePaymentView;
};

const CHECKOUT: CheckoutData = {
  eventId: 2,
  coupon: '',
  tickets: [],
  order: {
    id: 55,
    number: 'A1B2C3',
    status: 'reserved',
    eventId: 2,
    subtotalCents: 36_000,
    discountCents: 0,
    feeCents: 3_600,
    totalCents: 39_600,
    coupon: null,
    expiresAt: '2026-11-24T09:15:00.000Z',
    items: [
      {
        kind: 'ticket',
        ticketTypeId: 1,
        productId: null,
        seatId: 11,
        tableId: null,
        resaleId: null,
        n_number: 1,
        quantity: 1,
        unitPriceCents: 18_000,
        holderEmail: null,
      },
      {
        kind: 'ticket',
        ticketTypeId: 1,
        productId: null,
        seatId: 12,
        tableId: null,
        resaleId: null,
        n_number: 1,
        quantity: 1,
        unitPriceCents: 18_000,
        holderEmail: null,
      },
      {
        kind: 'product',
        ticketTypeId: null,
        productId: 3,
        seatId: null,
        tableId: null,
        resaleId: null,
        n_number: null,
        quantity: 2,
        unitPriceCents: 0,
        holderEmail: null,
      },
    ],
  } as ReservedOrder,
  payload: { user: 7, event_id: 2, n_number: 1, products: [], tickets: [], cupom: '', sessionId: 's' },
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-24T09:00:00.000Z') });
  localStorage.clear();
  $user.set({ id: 7, user: 'ana@x.com' });
  clearToasts();
});

afterEach(() => {
  vi.useRealTimers();
  configureApi({});
  $user.set(null);
  $checkout.set(null);
  $checkoutStartedAt.set(null);
  cleanStores($sharedPayment, $sharePayment, $mySharedPayments, $toasts);
  clearFetcherCache();
});

/** Lets the next poll run and its answer land. */
async function nextTick(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await allTasks();
}

describe('following a share', () => {
  it('polls the share until it is paid, then stops asking', async () => {
    const answers = [shareView('pending'), shareView('pending'), shareView('paid')];
    const calls = fakeRoutes({
      'GET /shared-payments/payment/102': () => json(200, answers.shift() ?? shareView('paid')),
    });
    const stop = watchSharePayment(102, { shareToken: 'tok', intervalMs: 1000 });
    await allTasks();
    expect($sharePayment.get().view?.share.status).toBe('pending');
    expect($sharePayment.get().view?.pix?.brcode).toBe('0002');
    await nextTick(1000);
    await nextTick(1000);
    expect($sharePayment.get().view?.share.status).toBe('paid');
    expect($sharePayment.get().view?.pix).toBeNull();
    await nextTick(5000);
    expect(calls).toHaveLength(3);
    stop();
  });

  it('stops at once when the link is refused, with the API host text', async () => {
    const calls = fakeRoutes({
      'GET /shared-payments/payment/102': () => json(403, { error: 'forbidden', message: 'Link inválido.' }),
    });
    watchSharePayment(102, { shareToken: 'wrong', intervalMs: 1000 });
    await allTasks();
    expect($sharePayment.get()).toEqual({ view: null, loading: false, error: 'Link inválido.' });
    await nextTick(5000);
    expect(calls).toHaveLength(1);
  });

  it('keeps polling through a failed read and keeps what it showed', async () => {
    let fail = false;
    const calls = fakeRoutes({
      'GET /shared-payments/payment/102': () =>
        fail
          ? json(503, { error: 'overloaded', message: 'Tente novamente.' })
          : json(200, shareView('pending')),
    });
    const stop = watchSharePayment(102, { intervalMs: 1000 });
    await allTasks();
    fail = true;
    await nextTick(1000);
    expect($sharePayment.get().view?.share.status).toBe('pending');
    expect($sharePayment.get().error).toBeNull();
    fail = false;
    await nextTick(1000);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    stop();
    const before = calls.length;
    await nextTick(5000);
    expect(calls).toHaveLength(before);
  });
});

describe('following a group', () => {
  it('polls while open and stops once completed', async () => {
    const answers = [
      group('open', [share(1, 'paid'), share(2)]),
      group('completed', [share(1, 'paid'), share(2, 'paid')]),
    ];
    const calls = fakeRoutes({ 'GET /shared-payments/status/9': () => json(200, answers.shift()) });
    watchSharedPayment(9, { intervalMs: 1000 });
    await allTasks();
    expect($sharedPayment.get().view?.paidCents).toBe(5_000);
    await nextTick(1000);
    expect($sharedPayment.get().view?.status).toBe('completed');
    await nextTick(5000);
    expect(calls).toHaveLength(2);
  });
  it('asks nothing while the page is hidden and asks at once when it shows again', async () => {
    const calls = fakeRoutes({
      'GET /shared-payments/status/9': () => json(200, group('open', [share(1, 'paid'), share(2)])),
    });
    let state: DocumentVisibilityState = 'visible';
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state);
    const hidden = vi.spyOn(document, 'hidden', 'get').mockImplementation(() => state === 'hidden');
    // As browsers fire it: at the document, bubbling to the window.
    const show = (next: DocumentVisibilityState) => {
      state = next;
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    const stop = watchSharedPayment(9, { intervalMs: 1000 });
    await allTasks();
    expect(calls).toHaveLength(1);
    show('hidden');
    await nextTick(5000);
    expect(calls).toHaveLength(1);
    show('visible');
    await allTasks();
    expect(calls).toHaveLength(2);
    await nextTick(1000);
    expect(calls).toHaveLength(3);
    stop();
    hidden.mockRestore();
    visibility.mockRestore();
  });
});

describe('splitting the checkout', () => {
  it('counts the tickets of an order, not its products', () => {
    expect(orderTicketCount(CHECKOUT.order)).toBe(2);
  });

  it('refuses a split that does not add up, without asking the API host', async () => {
    $checkout.set(CHECKOUT);
    const calls = fakeRoutes({});
    const result = await splitCheckoutPayment({
      shares: [
        { email: 'ana@x.com', amountCents: 19_800, tickets: 1 },
        { email: 'bia@x.com', amountCents: 19_000, tickets: 1 },
      ],
    });
    expect(result).toEqual({ ok: false, message: 'As partes somam R$ 388,00, mas o total é R$ 396,00.' });
    expect(calls).toHaveLength(0);
  });

  it('creates the group, closes the checkout and keeps the group for its page', async () => {
    $checkout.set(CHECKOUT);
    $checkoutStartedAt.set(Date.now());
    const created = group('open', [share(1), share(2)]);
    const calls = fakeRoutes({ 'POST /shared-payments/create': () => json(201, created) });
    const shares = [
      { email: 'ana@x.com', amountCents: 19_800, tickets: 1 },
      { email: ' bia@x.com ', amountCents: 19_800, tickets: 1 },
    ];
    const result = await splitCheckoutPayment({ shares, deadline: '2026-11-25T09:00:00.000Z' });
    expect(result).toEqual({ ok: true, sharedPayment: created });
    expect(calls.map(sent)).toEqual([
      {
        method: 'POST',
        path: '/shared-payments/create',
        body: {
          orderId: 55,
          deadline: '2026-11-25T09:00:00.000Z',
          shares: [shares[0], { ...shares[1], email: 'bia@x.com' }],
        },
      },
    ]);
    expect($checkout.get()).toBeNull();
    expect($checkoutStartedAt.get()).toBeNull();
    expect($sharedPayment.get().view?.id).toBe(9);
  });

  it('keeps the checkout and says why when the API host refuses', async () => {
    $checkout.set(CHECKOUT);
    fakeRoutes({
      'POST /shared-payments/create': () =>
        json(409, {
          error: 'group_cap',
          message: 'Limite de compras em grupo para este evento atingido. Tente pagar sozinho.',
        }),
    });
    const result = await splitCheckoutPayment({
      shares: [
        { email: 'ana@x.com', amountCents: 19_800, tickets: 1 },
        { email: 'bia@x.com', amountCents: 19_800, tickets: 1 },
      ],
    });
    expect(result).toEqual({
      ok: false,
      message: 'Limite de compras em grupo para este evento atingido. Tente pagar sozinho.',
    });
    expect($checkout.get()?.order.id).toBe(55);
    expect($toasts.get().at(-1)?.message).toMatch(/Limite de compras em grupo/);
  });
});

describe('the list and the resend', () => {
  it('lists the customer groups by their own id', async () => {
    const page = { items: [], page: 1, limit: 10, total: 0 };
    const calls = fakeRoutes({ 'GET /shared-payments/user-all/7': () => json(200, page) });
    await loadMySharedPayments();
    expect(calls).toHaveLength(1);
    expect($mySharedPayments.get()).toEqual({ view: page, loading: false, error: null });
  });

  it('resends one e-mail and reads the group again', async () => {
    const calls = fakeRoutes({
      'POST /shared-payments/resend-emails/9': () => json(200, { sent: ['amigo2@x.com'] }),
      'GET /shared-payments/status/9': () => json(200, group('open', [share(1), share(2)])),
    });
    expect(await resendShareEmail(9, 'amigo2@x.com')).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /shared-payments/resend-emails/9',
      'GET /shared-payments/status/9',
    ]);
    expect($toasts.get().at(-1)?.message).toBe('E-mail reenviado para amigo2@x.com.');
  });
});
