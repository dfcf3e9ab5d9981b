import { describe, expect, it } from 'vitest';
import { ticketItem } from './cart.ts';
import {
  holdsForCart,
  holdsToRelease,
  planQuitCheckout,
  SEAT_CHECKOUT_MESSAGES,
  seatCheckoutFailureMessage,
  seatCheckoutProblem,
  serviceFeeCents,
} from './checkout.ts';

const seat = (seatId: string, eventId = 1) =>
  ticketItem({
    id: 1,
    eventId,
    tk_price: 100,
    seatSelection: {
      seat_id: seatId,
      section_id: null,
      row_id: null,
      seat_number: null,
      ticket_type_id: 1,
      price: 100,
    },
  });
const general = ticketItem({ id: 2, eventId: 1, tk_price: 100 });

describe('quitting checkout', () => {
  it('refreshes the seats still in the cart and releases the rest', () => {
    const plan = planQuitCheckout(
      [seat('a1'), general],
      [
        { eventId: 1, seatIds: ['a1', 'a2'] },
        { eventId: 2, seatIds: ['z9'] },
      ],
    );
    expect(plan.refresh).toEqual([{ eventId: 1, seatIds: ['a1'] }]);
    expect(plan.release).toEqual([
      { eventId: 1, seatIds: ['a2'] },
      { eventId: 2, seatIds: ['z9'] },
    ]);
  });

  it('releases every hold when the cart has no seats', () => {
    const plan = planQuitCheckout([general], [{ eventId: 1, seatIds: ['a1'] }]);
    expect(plan).toEqual({ refresh: [], release: [{ eventId: 1, seatIds: ['a1'] }] });
  });

  it('records holds for the cart seats', () => {
    expect(holdsForCart([seat('a1'), seat('b1', 2), general])).toEqual([
      { eventId: 1, seatIds: ['a1'] },
      { eventId: 2, seatIds: ['b1'] },
    ]);
  });
});

describe('holds across tabs', () => {
  it('renews each seat as the session that holds it', () => {
    const plan = planQuitCheckout(
      [seat('a1'), seat('a2')],
      [
        { eventId: 1, seatIds: ['a1'], sessionId: 'tab-a' },
        { eventId: 1, seatIds: ['a2', 'a3'], sessionId: 'tab-b' },
      ],
    );
    expect(plan.refresh).toEqual([
      { eventId: 1, seatIds: ['a1'], sessionId: 'tab-a' },
      { eventId: 1, seatIds: ['a2'], sessionId: 'tab-b' },
    ]);
    expect(plan.release).toEqual([{ eventId: 1, seatIds: ['a3'], sessionId: 'tab-b' }]);
  });

  it('releases recorded holds plus cart seats missing from the records', () => {
    expect(
      holdsToRelease([seat('a1'), seat('a9')], [{ eventId: 1, seatIds: ['a1'], sessionId: 'tab-a' }]),
    ).toEqual([
      { eventId: 1, seatIds: ['a1'], sessionId: 'tab-a' },
      { eventId: 1, seatIds: ['a9'] },
    ]);
  });
});

describe('service fee', () => {
  it('is 10% by default, rounded to the cent', () => {
    expect(serviceFeeCents(10000)).toBe(1000);
    expect(serviceFeeCents(3335)).toBe(334);
    expect(serviceFeeCents(10000, 750)).toBe(750);
    expect(serviceFeeCents(0)).toBe(0);
    expect(serviceFeeCents(10000, 0)).toBe(0);
  });
});

describe('finalizing held seats', () => {
  const valid = {
    eventId: 1,
    seatSelections: [{}],
    customerInfo: { email: 'ana@exemplo.com.br' },
    sessionId: 's',
  };

  it('accepts complete data', () => {
    expect(seatCheckoutProblem(valid)).toBeNull();
  });

  it('needs event, seats, e-mail and session', () => {
    expect(seatCheckoutProblem({ ...valid, eventId: null })).toBe(SEAT_CHECKOUT_MESSAGES.corrupted);
    expect(seatCheckoutProblem({ ...valid, seatSelections: [] })).toBe(SEAT_CHECKOUT_MESSAGES.corrupted);
    expect(seatCheckoutProblem({ ...valid, customerInfo: {} })).toBe(SEAT_CHECKOUT_MESSAGES.corrupted);
    expect(seatCheckoutProblem({ ...valid, customerInfo: { email: 'x@' } })).toBe(
      SEAT_CHECKOUT_MESSAGES.corrupted,
    );
    expect(seatCheckoutProblem({ ...valid, sessionId: ' ' })).toBe(SEAT_CHECKOUT_MESSAGES.corrupted);
  });

  it('maps failures by status', () => {
    expect(seatCheckoutFailureMessage(409)).toBe(
      'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
    );
    expect(seatCheckoutFailureMessage(403)).toBe(SEAT_CHECKOUT_MESSAGES.sessionExpired);
    expect(seatCheckoutFailureMessage(400)).toBe(SEAT_CHECKOUT_MESSAGES.invalidFormat);
    expect(seatCheckoutFailureMessage(502)).toBe(SEAT_CHECKOUT_MESSAGES.serverError);
    expect(seatCheckoutFailureMessage(0)).toBe(SEAT_CHECKOUT_MESSAGES.networkError);
  });
});
