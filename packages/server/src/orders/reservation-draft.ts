import type { OrderItemView, ProductAllowance } from '@plateia/core/contracts/orders';
import { meiaPriceCents } from '@plateia/core/rules/meia-entrada';
import type { ReserveInput, ReserveTicketLine, TicketAllowance } from './reserve-request.ts';

/** A ticket lot as a reservation reads it. */
export interface TicketTypeRow {
  id: number;
  /** The ticket type's name, shared by its lots. */
  name: string;
  price_cents: number;
  numbered: boolean;
  section_id: number | null;
  per_order_limit: number;
  n_number: number;
  /** Active and inside its sales window right now. */
  sellable: boolean;
}

/** An order line as answered, with its place in the answer. */
export interface ItemDraft extends OrderItemView {
  /** Answer order: ticket lines as requested, then products. */
  sortKey: number;
}

/** Where products go in the answer: after every ticket line. */
export const PRODUCT_SORT_KEY = 10_000;

/** Whose account receives a line's `unit`-th ticket; null means the buyer. */
export const holderEmail = (line: ReserveTicketLine, unit: number): string | null =>
  line.holder_emails?.[unit]?.trim() || null;

/** The `unit`-th ticket of ticket line `index`, of lot `type`, in a seat or table when given. */
export function ticketDraft(
  index: number,
  line: ReserveTicketLine,
  unit: number,
  type: TicketTypeRow,
  place: { seatId: number | null; tableId: number | null } = { seatId: null, tableId: null },
): ItemDraft {
  // A meia line names one beneficiary per unit; its price is half the lot's.
  const meia = line.meia?.[unit] ?? null;
  return {
    sortKey: index,
    kind: 'ticket',
    ticketTypeId: type.id,
    productId: null,
    seatId: place.seatId,
    tableId: place.tableId,
    resaleId: null,
    n_number: type.n_number,
    quantity: 1,
    unitPriceCents: meia ? meiaPriceCents(type.price_cents) : type.price_cents,
    holderEmail: holderEmail(line, unit),
    meia,
  };
}

/**
 * What one reservation attempt has taken so far and which lines it had to refuse. Every
 * line starts permitted at the quantity asked; a phase that cannot take a line lowers its
 * allowance, so the answer tells the buyer how many are left.
 */
export class ReservationDraft {
  /** The per-ticket answer, one entry per requested ticket line. */
  readonly tickets: TicketAllowance[];
  /** The per-product answer, one entry per requested product line. */
  readonly products: ProductAllowance[];
  readonly #items: ItemDraft[] = [];
  /** A lot, product or coupon looked exhausted: reclaiming expired reservations may help. */
  stockShort = false;
  seatFailed = false;
  /** The meia-entrada quota could not cover the meia lines. */
  meiaShort = false;
  /** A lot's per-customer limit (across orders) refused a line: the limit, for the answer. */
  customerLimit: number | null = null;
  ticketFailed = false;
  productFailed = false;
  /** pt-BR notices for the buyer, e.g. a lot that turned while they were buying. */
  readonly notices: string[] = [];

  constructor(input: ReserveInput) {
    this.tickets = input.tickets.map((line) => ({
      tk_id: line.tk_id,
      tk_allow: { tk_allow: line.tk_qtd, tk_is_permitted_to_buy: true },
    }));
    this.products = input.products.map((line) => ({
      product_id: line.product_id,
      product_allow: line.product_qtd,
      product_is_permitted_to_buy: true,
    }));
  }

  /** Adds a line the attempt has taken. */
  add(item: ItemDraft): void {
    this.#items.push(item);
  }

  /** Refuses ticket line `index`, telling the buyer `allow` could still be bought. */
  refuseTicket(index: number, allow: number): void {
    this.tickets[index]!.tk_allow = { tk_allow: Math.max(0, allow), tk_is_permitted_to_buy: false };
    this.ticketFailed = true;
  }

  /** Refuses every line of product `productId`, telling the buyer `allow` could still be bought. */
  refuseProduct(productId: number, allow: number): void {
    for (const entry of this.products) {
      if (entry.product_id !== productId) continue;
      entry.product_allow = allow;
      entry.product_is_permitted_to_buy = false;
    }
    this.productFailed = true;
  }

  /** The taken lines in answer order: ticket lines as requested, then products. */
  orderedItems(): ItemDraft[] {
    return [...this.#items].sort((a, b) => a.sortKey - b.sortKey);
  }
}
