/**
 * What `<plateia-buy-button>` shows and does for an event's state, as a pure function of
 * the catalogue answer and the element's attributes, so the element only draws it.
 */
import type { EventDetail, MeiaEntradaInfo, TicketTypeInfo } from '@plateia/core/api/catalogue';
import { formatCents } from '@plateia/core/format/money';
import { BUY_BUTTON_MESSAGES } from '@plateia/core/messages/buy-button';
import type { CartItem } from '@plateia/core/rules/cart';
import { meiaPriceCents } from '@plateia/core/rules/meia-entrada';
import { type Fetched, ticketCartItem } from '@plateia/core/stores/catalogue';

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

/** The lot of a ticket type as the buyer reads it: "2º lote" (the spec's "Lote 2" without a label). */
export function lotText(type: TicketTypeInfo): string {
  return type.lotLabel || BUY_BUTTON_MESSAGES.lot(type.n_number);
}

/** "Próximo lote: R$ 150,00" for the lot selling now, when another opens after it. */
export function nextLotText(type: TicketTypeInfo): string | null {
  return type.nextLot ? BUY_BUTTON_MESSAGES.nextLot(formatCents(type.nextLot.priceCents)) : null;
}

/**
 * The event's meia-entrada offer when the button can sell one: an event with a quota, and a
 * view that adds general-admission lots (seats carry their meia through the seat picker).
 */
export function meiaOffer(view: BuyButtonView, live: MeiaEntradaInfo | null): MeiaEntradaInfo | null {
  if (view.kind !== 'add' && view.kind !== 'choose') return null;
  const offer = live ?? view.event.meiaEntrada ?? null;
  return offer && offer.total > 0 ? offer : null;
}

/**
 * The cart line for a lot: full price, or a meia line (`meia: true`, half the lot's price
 * rounded down, at most what the quota has left) that core's cart keeps apart from the
 * full-price line of the same lot.
 */
export function cartLineFor(
  event: EventDetail,
  type: TicketTypeInfo,
  meia: MeiaEntradaInfo | null,
): CartItem {
  const item = ticketCartItem(event, type);
  if (!meia) return item;
  return {
    ...item,
    meia: true,
    tk_price: meiaPriceCents(type.priceCents),
    maxAmount: Math.max(0, Math.min(item.maxAmount ?? meia.available, meia.available)),
  };
}
