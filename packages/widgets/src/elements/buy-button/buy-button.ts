/**
 * What `<plateia-buy-button>` shows and does for an event's state, as a pure function of
 * the catalogue answer and the element's attributes, so the element only draws it.
 */
import type { EventDetail, TicketTypeInfo } from '@plateia/core/api/catalogue';
import { BUY_BUTTON_MESSAGES } from '@plateia/core/messages/buy-button';
import type { Fetched } from '@plateia/core/stores/catalogue';

/** One entry of the chooser. */
export interface ChooserOption {
  type: TicketTypeInfo;
  /** Why it cannot be bought ("Esgotado", "Indisponível"), or `null` when it can. */
  blocked: string | null;
}

/** What the button is doing. */
export type BuyButtonView =
  | { kind: 'loading'; text: string }
  | { kind: 'error'; text: string; message: string }
  | { kind: 'closed'; text: string }
  | { kind: 'add'; text: string; event: EventDetail; type: TicketTypeInfo }
  | { kind: 'choose'; text: string; event: EventDetail; options: ChooserOption[] }
  | { kind: 'seats'; text: string; event: EventDetail };

/** Why a ticket type cannot be bought now, or `null`. */
export function blockedReason(type: TicketTypeInfo): string | null {
  if (type.soldOut || type.available <= 0) return BUY_BUTTON_MESSAGES.soldOut;
  if (!type.onSale) return BUY_BUTTON_MESSAGES.unavailable;
  return null;
}

/**
 * The view for an event's catalogue state: loading, failed, closed (past, sold out, not
 * on sale), one ticket type to add, the chooser, or the seat picker for seated events
 * (a seated event without `ticket-type-id`, or a `ticket-type-id` that is sold by seat).
 */
export function buyButtonView(
  fetched: Fetched<EventDetail>,
  ticketTypeId: string | null,
  label: string | null,
): BuyButtonView {
  const event = fetched.data;
  if (!event) {
    if (fetched.error) return { kind: 'error', text: BUY_BUTTON_MESSAGES.retry, message: fetched.error };
    return { kind: 'loading', text: BUY_BUTTON_MESSAGES.loading };
  }
  if (event.isPast) return { kind: 'closed', text: BUY_BUTTON_MESSAGES.past };
  if (ticketTypeId) {
    const type = event.ticketTypes.find((candidate) => String(candidate.id) === ticketTypeId.trim());
    if (!type) return { kind: 'closed', text: BUY_BUTTON_MESSAGES.unavailable };
    const blocked = blockedReason(type);
    if (blocked) return { kind: 'closed', text: blocked };
    if (type.numerationSelected)
      return { kind: 'seats', text: label || BUY_BUTTON_MESSAGES.chooseSeat, event };
    return { kind: 'add', text: label || BUY_BUTTON_MESSAGES.buy, event, type };
  }
  if (event.hasSeatMap) {
    const anyLeft = event.ticketTypes.some((type) => type.numerationSelected && !blockedReason(type));
    return anyLeft
      ? { kind: 'seats', text: label || BUY_BUTTON_MESSAGES.chooseSeat, event }
      : { kind: 'closed', text: BUY_BUTTON_MESSAGES.soldOut };
  }
  const options = event.ticketTypes
    .filter((type) => !type.numerationSelected)
    .map((type) => ({ type, blocked: blockedReason(type) }));
  if (!options.some((option) => option.blocked === null)) {
    return { kind: 'closed', text: BUY_BUTTON_MESSAGES.soldOut };
  }
  return { kind: 'choose', text: label || BUY_BUTTON_MESSAGES.choose, event, options };
}
