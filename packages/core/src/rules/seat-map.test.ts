import { describe, expect, it } from 'vitest';
import { eventDetail } from '../test/catalogue.ts';
import { seatCartItem, tableCartItem } from './seat-map.ts';

const EVENT = eventDetail({ id: 3, slug: 'teatro', name: 'Teatro', pixel: 'px-3', hasSeatMap: true });

describe('cart items from answers', () => {
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
