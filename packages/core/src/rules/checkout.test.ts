import { describe, expect, it } from 'vitest';
import { ticketItem } from './cart.ts';
import { holdsToRelease, planQuitCheckout } from './checkout.ts';

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
