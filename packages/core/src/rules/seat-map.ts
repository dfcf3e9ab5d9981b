/**
 * Cart lines from the seat map (docs/core-buying.md): what the picker knows about a chosen seat
 * or table, turned into the cart line the seat-hold flow adds. Pure functions over the
 * seat-map and catalogue answers.
 */
import type { EventSummary } from '../contracts/catalogue.ts';
import type { SeatRow, SeatSection, SeatTable } from '../contracts/seat-map.ts';
import { type CartItem, ticketItem } from './cart.ts';

/** What the picker knows about a chosen seat. */
export interface SeatChoice {
  event: EventSummary;
  section: Pick<SeatSection, 'id' | 'name'>;
  row: Pick<SeatRow, 'label'>;
  seatId: number;
  seatNumber: string;
  /** The lot that sells this section's seats. */
  ticketType: { id: number; name: string; n_number: number; priceCents: number };
}

/** The lot that sells a seat map's seats and tables, as the picker knows it. */
type SeatLot = SeatChoice['ticketType'];

/**
 * The cart line of a lot sold with a numbered place: a seat or a whole table, named in the
 * cart by `seatDetails.seatNumber` (the seat's number or the table's name).
 */
function placeItem(
  event: EventSummary,
  ticketType: SeatLot,
  seatDetails: NonNullable<CartItem['seatDetails']>,
  place: Pick<CartItem, 'seatSelection'> | Pick<CartItem, 'seatInfo'>,
): CartItem {
  return ticketItem({
    id: ticketType.id,
    eventId: event.id,
    eventPixel: event.pixel || null,
    tk_price: ticketType.priceCents,
    n_number: ticketType.n_number,
    numerationSelected: seatDetails.seatNumber,
    name: ticketType.name,
    seatDetails,
    ...place,
  });
}

/** The cart line for one seat, for `addSeatToCart`. */
export function seatCartItem(choice: SeatChoice): CartItem {
  const { section, row, ticketType, seatNumber } = choice;
  return placeItem(
    choice.event,
    ticketType,
    { sectionName: section.name, rowName: row.label, seatNumber },
    {
      seatSelection: {
        seat_id: choice.seatId,
        section_id: section.id,
        row_id: row.label,
        seat_number: seatNumber,
        ticket_type_id: ticketType.id,
        price: ticketType.priceCents,
      },
    },
  );
}

/** The cart line for a whole table (its seats are sold together), for `addSeatToCart`. */
export function tableCartItem(choice: {
  event: EventSummary;
  section: Pick<SeatSection, 'id' | 'name'>;
  table: Pick<SeatTable, 'id' | 'name' | 'seatIds'>;
  ticketType: SeatLot;
}): CartItem {
  const { table } = choice;
  return placeItem(
    choice.event,
    choice.ticketType,
    { sectionName: choice.section.name, rowName: '', seatNumber: table.name },
    { seatInfo: { isTable: true, tableId: table.id, tableName: table.name, seats: [...table.seatIds] } },
  );
}
