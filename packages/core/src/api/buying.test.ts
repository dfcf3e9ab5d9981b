import { afterEach, describe, expect, it } from 'vitest';
import { ticketItem } from '../rules/cart.ts';
import { SEAT_CHECKOUT_MESSAGES } from '../rules/checkout.ts';
import { buildReservationPayload } from '../rules/reservation.ts';
import { resaleCartItem, ticketCartItem } from '../stores/catalogue.ts';
import { eventDetail, ticketType } from '../test/catalogue.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import {
  addPixel,
  checkoutSeats,
  fetchCardConfig,
  fetchEvents,
  fetchSeatStatus,
  reserveCart,
  seatCartItem,
  tableCartItem,
  wireId,
} from './buying.ts';
import { ApiError, configureApi } from './client.ts';

afterEach(() => {
  configureApi({});
});

const EVENT = eventDetail({ id: 3, slug: 'teatro', name: 'Teatro', pixel: 'px-3', hasSeatMap: true });

describe('wire ids', () => {
  it('sends numeric strings as integers and leaves the rest', () => {
    expect(wireId('501')).toBe(501);
    expect(wireId(7)).toBe(7);
    expect(wireId('t-7')).toBe('t-7');
    expect(wireId(null)).toBeNull();
  });
});

describe('catalogue and seat calls', () => {
  it('reads the listing page from data and leaves out empty filters', async () => {
    const calls = fakeApi(() => json(200, { data: [{ id: 1 }], page: 2, limit: 5, total: 6 }));
    const page = await fetchEvents({ q: ' rock ', slug: '', page: 2, limit: 5 });
    expect(page).toEqual({ events: [{ id: 1 }], page: 2, limit: 5, total: 6 });
    expect(calls[0]?.url.search).toBe('?q=rock&page=2&limit=5');
  });

  it('asks seat status with comma-joined ids, or only the taken seats without ids', async () => {
    const calls = fakeApi(() => json(200, { data: { '501': 'held_by_you' } }));
    expect(await fetchSeatStatus(3, ['501', '502'], 'session-1')).toEqual({ '501': 'held_by_you' });
    expect(calls[0]?.url.searchParams.get('seatIds')).toBe('501,502');
    await fetchSeatStatus(3, [], 'session-1');
    expect(calls[1]?.url.searchParams.has('seatIds')).toBe(false);
  });

  it('sends a pixel hit with tipo 3', async () => {
    const calls = fakeApi(() => json(200, {}));
    await addPixel({ hash: 'px-3', ismobile: true, evtid: '3' });
    expect(calls[0]?.body).toEqual({ hash: 'px-3', ismobile: 1, evtid: 3, tipo: 3 });
  });

  it('asks the card configuration for an amount', async () => {
    const calls = fakeApi(() => json(200, { maxInstallments: 12, installments: [] }));
    await fetchCardConfig(10000);
    expect(String(calls[0]?.url)).toBe('https://api.test/payments/card/config?amount=10000');
  });
});

describe('reservation call', () => {
  const payload = buildReservationPayload({
    userId: 7,
    tickets: [
      ticketItem({
        id: '12',
        eventId: '3',
        tk_price: 9000,
        seatSelection: {
          seat_id: '501',
          section_id: 1,
          row_id: 'A',
          seat_number: '7',
          ticket_type_id: 12,
          price: 9000,
        },
      }),
    ],
    products: [{ amount: 2, product: { id: '4', qtd: 0 } }],
    sessionId: 'session-1',
  });

  it('sends integer ids and a null coupon', async () => {
    const calls = fakeApi(() => json(200, { success: true, tickets: [], products: [], order: null }));
    await reserveCart(payload);
    expect(calls[0]?.body).toEqual({
      user: 7,
      event_id: 3,
      n_number: null,
      products: [{ product_qtd: 2, product_id: 4 }],
      tickets: [
        { tk_qtd: 1, tk_id: 12, seat_id: 501, is_from_resale: 0, resaleId: null, original_n_number: null },
      ],
      cupom: null,
      sessionId: 'session-1',
    });
  });

  it('resolves a 409 with its allowances and message', async () => {
    fakeApi(() =>
      json(409, {
        success: false,
        error: 'unavailable',
        message: 'Indisponível',
        tickets: [{ tk_id: 12, tk_allow: { tk_allow: 0, tk_is_permitted_to_buy: false } }],
        products: [],
        order: null,
      }),
    );
    expect(await reserveCart(payload)).toEqual({
      tickets: [{ tk_id: 12, tk_allow: { tk_allow: 0, tk_is_permitted_to_buy: false } }],
      products: [],
      order: null,
      message: 'Indisponível',
    });
  });

  it('rejects other failures with the server text or the default', async () => {
    fakeApi(() => json(400, { error: 'coupon_invalid', message: 'Cupom inválido ou expirado.' }));
    await expect(reserveCart(payload)).rejects.toMatchObject({
      status: 400,
      message: 'Cupom inválido ou expirado.',
    });
    fakeApi(() => new Response('', { status: 500 }));
    await expect(reserveCart(payload)).rejects.toMatchObject({
      message: 'Erro ao iniciar checkout, tente novamente',
    });
  });
});

describe('held-seat checkout', () => {
  const valid = {
    eventId: 3,
    seatSelections: [
      { seat_id: '501', section_id: 1, row_id: 'A', seat_number: '7', ticket_type_id: 12, price: 9000 },
    ],
    customerInfo: { email: 'cliente@plateia.dev' },
    sessionId: 'session-1',
  };

  it('refuses incomplete data without calling the API', async () => {
    const calls = fakeApi(() => json(200, {}));
    await expect(checkoutSeats({ ...valid, seatSelections: [] })).rejects.toMatchObject({
      message: SEAT_CHECKOUT_MESSAGES.corrupted,
    });
    expect(calls).toEqual([]);
  });

  it('sends integer ids and answers the order', async () => {
    const calls = fakeApi(() => json(200, { success: true, order: { id: 9 } }));
    expect(await checkoutSeats(valid)).toEqual({ id: 9 });
    expect(calls[0]?.body).toMatchObject({ eventId: 3 });
    const sent = calls[0]?.body as { seatSelections: unknown[] };
    expect(sent.seatSelections[0]).toEqual({
      seat_id: 501,
      section_id: 1,
      row_id: 'A',
      seat_number: '7',
      ticket_type_id: 12,
      price: 9000,
    });
  });

  it('maps failures: server text for 4xx, ours for 5xx and no answer', async () => {
    fakeApi(() => json(403, { success: false, error: 'x', message: 'Assentos não estão mais reservados.' }));
    await expect(checkoutSeats(valid)).rejects.toMatchObject({
      status: 403,
      message: 'Assentos não estão mais reservados.',
    });
    fakeApi(() => json(403, {}));
    await expect(checkoutSeats(valid)).rejects.toMatchObject({
      message: SEAT_CHECKOUT_MESSAGES.sessionExpired,
    });
    fakeApi(() => json(503, { error: 'x', message: 'Erro interno' }));
    await expect(checkoutSeats(valid)).rejects.toMatchObject({ message: SEAT_CHECKOUT_MESSAGES.serverError });
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    const failure = await checkoutSeats(valid).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: SEAT_CHECKOUT_MESSAGES.networkError });
  });
});

describe('cart items from answers', () => {
  it('builds a general-admission line', () => {
    const item = ticketCartItem(EVENT, ticketType({ id: 10, name: 'Pista', n_number: 2 }), 3);
    expect(item).toMatchObject({
      id: 10,
      amount: 3,
      eventId: 3,
      eventPixel: 'px-3',
      tk_price: 5000,
      n_number: 2,
      maxAmount: 10,
    });
  });

  it('builds a resale line', () => {
    const item = resaleCartItem(EVENT, {
      resaleId: 44,
      ticketTypeId: 10,
      name: 'Pista',
      n_number: 1,
      priceCents: 7000,
      originalTicketId: 900,
      seatId: null,
    });
    expect(item).toMatchObject({ is_from_resale: 1, resaleId: 44, originalTicketId: 900, tk_price: 7000 });
  });

  it('builds seat and table lines', () => {
    const plateia = { id: 12, name: 'Plateia', n_number: 1, priceCents: 9000 };
    const seat = seatCartItem({
      event: EVENT,
      section: { id: 1, name: 'Plateia A' },
      row: { label: 'B' },
      seatId: 501,
      seatNumber: '7',
      ticketType: plateia,
    });
    expect(seat.seatSelection).toEqual({
      seat_id: 501,
      section_id: 1,
      row_id: 'B',
      seat_number: '7',
      ticket_type_id: 12,
      price: 9000,
    });
    expect(seat.seatDetails).toEqual({ sectionName: 'Plateia A', rowName: 'B', seatNumber: '7' });
    const table = tableCartItem({
      event: EVENT,
      section: { id: 2, name: 'Mesas' },
      table: { id: 77, name: 'Mesa 7', seatIds: [1, 2, 3, 4] },
      ticketType: plateia,
    });
    expect(table.seatInfo).toEqual({ isTable: true, tableId: 77, tableName: 'Mesa 7', seats: [1, 2, 3, 4] });
  });
});
