/**
 * Cart lines for tests of core's rules and stores. Test support only.
 */
import { type CartItem, type SeatSelection, ticketItem } from '../rules/cart.ts';

/**
 * A cart line for one seat, as the seat picker builds it: the seat carries the line's
 * ticket type and price. Section, row and seat number are 1, 1 and '7' unless given.
 */
export function seatLine(
  seat: Pick<SeatSelection, 'seat_id'> & Partial<SeatSelection>,
  fields: Pick<CartItem, 'id' | 'eventId' | 'tk_price'> & Partial<CartItem>,
): CartItem {
  return ticketItem({
    ...fields,
    seatSelection: {
      section_id: 1,
      row_id: 1,
      seat_number: '7',
      ticket_type_id: fields.id,
      price: fields.tk_price,
      ...seat,
    },
  });
}
