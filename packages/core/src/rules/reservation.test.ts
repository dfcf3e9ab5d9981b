import { describe, expect, it } from 'vitest';
import { RESERVATION_MESSAGES } from '../messages/orders.ts';
import { seatLine } from '../test/cart-lines.ts';
import { cartItemKey, ticketItem } from './cart.ts';
import {
  buildReservationPayload,
  evaluateReservation,
  type ReservedTicket,
  reservationFailureMessage,
} from './reservation.ts';

const pista = ticketItem({ id: 10, eventId: 3, tk_price: 5000, n_number: 2, amount: 3 });
const resale = ticketItem({
  id: 11,
  eventId: 3,
  tk_price: 7000,
  is_from_resale: 1,
  resaleId: 44,
  n_number: 1,
});
const seat = seatLine({ seat_id: 501, row_id: 2 }, { id: 12, eventId: 3, tk_price: 9000, n_number: 1 });
const table = ticketItem({
  id: 13,
  eventId: 3,
  tk_price: 30000,
  n_number: 1,
  seatInfo: { isTable: true, tableId: 77, tableName: 'Mesa 1', seats: [1, 2, 3, 4] },
});

const allow = (tk_id: number, n: number, ok: boolean | number = true): ReservedTicket => ({
  tk_id,
  tk_allow: { tk_allow: n, tk_is_permitted_to_buy: ok },
});

describe('reservation payload', () => {
  it('carries user, first item event and lot, products, tickets, coupon and session', () => {
    const payload = buildReservationPayload({
      userId: 9,
      tickets: [pista, resale, seat, table],
      products: [{ amount: 2, product: { id: 'p1', qtd: 0, price: 100 } }],
      coupon: '  PROMO10 ',
      sessionId: 'uuid-1',
    });
    expect(payload).toEqual({
      user: 9,
      event_id: 3,
      n_number: 2,
      products: [{ product_qtd: 2, product_id: 'p1' }],
      tickets: [
        { tk_qtd: 3, tk_id: 10, is_from_resale: 0, resaleId: null, original_n_number: 2 },
        { tk_qtd: 1, tk_id: 11, is_from_resale: 1, resaleId: 44, original_n_number: 1 },
        { tk_qtd: 1, tk_id: 12, seat_id: 501, is_from_resale: 0, resaleId: null, original_n_number: 1 },
        {
          tk_qtd: 1,
          tk_id: 13,
          table_id: 77,
          seat_group_id: 77,
          is_from_resale: 0,
          resaleId: null,
          original_n_number: 1,
        },
      ],
      cupom: 'PROMO10',
      sessionId: 'uuid-1',
    });
  });

  it('names who receives each ticket, dropping blanks and extras', () => {
    const payload = buildReservationPayload({
      userId: 1,
      tickets: [pista, seat],
      products: [],
      sessionId: 's',
      holderEmails: {
        [cartItemKey(pista)]: [
          ' ana@exemplo.com.br ',
          '',
          'bia@exemplo.com.br',
          'caio@exemplo.com.br',
          'x@y.com',
        ],
        [cartItemKey(seat)]: ['  '],
      },
    });
    expect(payload.tickets[0]?.holder_emails).toEqual([
      'ana@exemplo.com.br',
      'bia@exemplo.com.br',
      'caio@exemplo.com.br',
    ]);
    expect(payload.tickets[1]).not.toHaveProperty('holder_emails');
  });

  it('sends meia-entrada beneficiaries for up to one per ticket of the line', () => {
    const ana = { category: 'estudante', name: 'Ana', document: '123' };
    const bia = { category: 'idoso', name: 'Bia', document: '456' };
    const payload = buildReservationPayload({
      userId: 1,
      tickets: [pista, seat],
      products: [],
      sessionId: 's',
      meia: {
        [cartItemKey(pista)]: [ana, bia],
        [cartItemKey(seat)]: [ana, bia],
      },
    });
    // Two of the three Pista tickets are meias.
    expect(payload.tickets[0]?.meia).toEqual([ana, bia]);
    // One seat is one ticket: two beneficiaries do not fit, so the line goes full price.
    expect(payload.tickets[1]).not.toHaveProperty('meia');
  });

  it('names one holder per seat of a table', () => {
    const emails = [
      'a@exemplo.com.br',
      'b@exemplo.com.br',
      'c@exemplo.com.br',
      'd@exemplo.com.br',
      'e@x.com',
    ];
    const payload = buildReservationPayload({
      userId: 1,
      tickets: [table],
      products: [],
      sessionId: 's',
      holderEmails: { [cartItemKey(table)]: emails },
    });
    expect(payload.tickets[0]?.tk_qtd).toBe(1);
    expect(payload.tickets[0]?.holder_emails).toEqual(emails.slice(0, 4));
  });

  it('sends an empty coupon and takes the event from products when there are no tickets', () => {
    const payload = buildReservationPayload({
      userId: 1,
      tickets: [],
      products: [{ amount: 1, product: { id: 5, qtd: 0, eventId: 8 } }],
      sessionId: 's',
    });
    expect(payload.cupom).toBe('');
    expect(payload.event_id).toBe(8);
    expect(payload.n_number).toBeNull();
  });
});

describe('reservation verdict', () => {
  const requested = buildReservationPayload({
    userId: 1,
    tickets: [pista, seat],
    products: [],
    sessionId: 's',
  }).tickets;

  it('goes ahead when every ticket is permitted and fully allowed', () => {
    expect(evaluateReservation(requested, [allow(10, 3), allow(12, 1)])).toEqual({ kind: 'ok' });
    expect(evaluateReservation(requested, [allow(10, 5, 1), allow(12, 1, 1)])).toEqual({ kind: 'ok' });
  });

  it('stops with the not-permitted message when any ticket may not be bought', () => {
    const verdict = evaluateReservation(requested, [allow(10, 3), allow(12, 1, false)]);
    expect(verdict).toEqual({
      kind: 'not-permitted',
      message: 'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
    });
    expect(evaluateReservation(requested, [allow(10, 3, 0)]).kind).toBe('not-permitted');
  });

  it('reports partial availability below 1 or below the quantity asked', () => {
    expect(evaluateReservation(requested, [allow(10, 2), allow(12, 1)])).toEqual({
      kind: 'partial',
      message: 'Alguns dos seus ingressos não estão mais disponíveis',
    });
    expect(evaluateReservation(requested, [allow(10, 3), allow(12, 0)]).kind).toBe('partial');
    const noAllowance = { tk_id: 12, tk_allow: { tk_is_permitted_to_buy: true } } as ReservedTicket;
    expect(evaluateReservation(requested, [allow(10, 3), noAllowance]).kind).toBe('partial');
  });

  it('sums quantities of lines sharing a ticket id', () => {
    const twoSeats = [
      { ...requested[1]!, seat_id: 1 },
      { ...requested[1]!, seat_id: 2 },
    ];
    expect(evaluateReservation(twoSeats, [allow(12, 1)]).kind).toBe('partial');
    expect(evaluateReservation(twoSeats, [allow(12, 2)]).kind).toBe('ok');
  });

  it('reads an answer of one entry per line against its own line (two seats of one lot)', () => {
    const twoSeats = [
      { ...requested[1]!, seat_id: 1 },
      { ...requested[1]!, seat_id: 2 },
    ];
    expect(evaluateReservation(twoSeats, [allow(12, 1), allow(12, 1)])).toEqual({ kind: 'ok' });
    expect(evaluateReservation(twoSeats, [allow(12, 1), allow(12, 0)]).kind).toBe('partial');
  });

  it('prefers the server text for other failures', () => {
    expect(reservationFailureMessage('Cupom inválido')).toBe('Cupom inválido');
    expect(reservationFailureMessage(undefined)).toBe('Erro ao iniciar checkout, tente novamente');
    expect(reservationFailureMessage(' ')).toBe(RESERVATION_MESSAGES.failed);
  });
});
