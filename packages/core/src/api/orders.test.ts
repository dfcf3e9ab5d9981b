import { afterEach, describe, expect, it } from 'vitest';
import { ticketItem } from '../rules/cart.ts';
import { buildReservationPayload } from '../rules/reservation.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { reserveCart } from './orders.ts';

afterEach(() => {
  configureApi({});
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
