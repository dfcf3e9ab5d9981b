/**
 * Cart rules (docs/core-buying.md): the item shapes kept in the ticket and product carts,
 * merging, removal one at a time, remove-all, the one-resale-ticket limit, counts and
 * totals in integer cents. Pure functions: they never mutate their inputs.
 */

import type { EntityId } from '../contracts/ids.ts';
import { CART_MESSAGES } from '../messages/cart.ts';

export type { EntityId } from '../contracts/ids.ts';

/** A seat or table chosen on the seat map (docs/core-buying.md `seatInfo`). */
export interface SeatInfo {
  isTable: boolean;
  tableId: EntityId | null;
  tableName: string | null;
  /** Seat ids the item occupies: one for a seat, every chair for a table. */
  seats: EntityId[];
}

/** The seat as the seat service knows it (docs/core-buying.md `seatSelection`); `price` is in cents. */
export interface SeatSelection {
  seat_id: EntityId;
  section_id: EntityId | null;
  row_id: EntityId | null;
  seat_number: string | number | null;
  ticket_type_id: EntityId | null;
  price: number;
}

/** Human labels for a seat (docs/core-buying.md `seatDetails`). */
export interface SeatDetails {
  sectionName: string;
  rowName: string;
  seatNumber: string;
}

/** A ticket in the cart (docs/core-buying.md). `tk_price` is integer cents. */
export interface CartItem {
  /** Ticket type (lot ticket) id. */
  id: EntityId;
  amount: number;
  eventId: EntityId;
  eventPixel: string | null;
  tk_price: number;
  numerationSelected: string | number | null;
  /** Lot number. */
  n_number: number | null;
  is_from_resale: 0 | 1;
  resaleId: EntityId | null;
  originalTicketId: EntityId | null;
  seatInfo: SeatInfo | null;
  seatSelection: SeatSelection | null;
  seatDetails: SeatDetails | null;
  /** Display name of the ticket type, kept so the cart renders without refetching. */
  name?: string;
  /**
   * Most units one order may hold (the lot's per-order limit or what is left), when known:
   * adding stops there, and a widget disables its "+" at it.
   */
  maxAmount?: number;
  /**
   * A meia-entrada line (docs/meia-entrada.md): every ticket of it is a meia, `tk_price`
   * is the half price, and the checkout asks one beneficiary per ticket. It never merges
   * with a full-price line of the same lot.
   */
  meia?: boolean;
}

/** A marketplace product in the product cart (docs/core-buying.md). */
export interface ProductCartItem {
  /** Units in the cart. */
  amount: number;
  product: {
    id: EntityId;
    /** Units in stock when added; 0 or absent means no client-side cap. */
    qtd: number;
    /** Unit price in cents (not in the spec's shape; needed for the cart total). */
    price?: number;
    name?: string;
    eventId?: EntityId;
  };
}

/** Seats the server must release, grouped by event. */
export interface SeatRelease {
  eventId: EntityId;
  seatIds: string[];
}

/** Result of adding to the cart: the new cart, or the spec's message saying why not. */
export type AddToCartResult = { ok: true; cart: CartItem[] } | { ok: false; error: string };

const same = (a: EntityId | null | undefined, b: EntityId | null | undefined): boolean =>
  a !== null && a !== undefined && b !== null && b !== undefined && String(a) === String(b);

/** Whether the item comes from the resale marketplace. */
export function isResaleItem(item: CartItem): boolean {
  return item.is_from_resale === 1 && item.resaleId !== null;
}

/** Whether the item occupies seats on a seat map (a seat or a table). */
export function isSeatItem(item: CartItem): boolean {
  return item.seatSelection !== null || item.seatInfo?.isTable === true;
}

/**
 * How many tickets a cart line stands for: a table's seats (sold together, one ticket and
 * one price each, as the API host charges them), otherwise its amount.
 */
export function ticketUnits(item: CartItem): number {
  return item.seatInfo?.isTable ? Math.max(1, item.seatInfo.seats.length) : item.amount;
}

/** Seat ids an item holds, as strings (the seat service's ids). */
export function seatIdsOf(item: CartItem): string[] {
  if (item.seatInfo && item.seatInfo.seats.length > 0) return item.seatInfo.seats.map(String);
  if (item.seatSelection) return [String(item.seatSelection.seat_id)];
  return [];
}

/**
 * The identity two cart entries share when they are "the same item" (docs/core-buying.md): resale
 * tickets by resaleId, seats and tables by what they occupy, numbered tickets by id plus
 * numeration, everything else by ticket id and lot; a meia line of a lot is apart from
 * its full-price line (`:meia` at the end of the key). Widgets pass it back to the removal
 * actions.
 */
export function cartItemKey(item: CartItem): string {
  if (isResaleItem(item)) return `resale:${item.resaleId}`;
  if (item.seatInfo?.isTable) return `table:${item.eventId}:${item.seatInfo.tableId}`;
  if (item.seatSelection) return `seat:${item.eventId}:${item.seatSelection.seat_id}`;
  if (item.numerationSelected !== null && item.numerationSelected !== '') {
    return `numbered:${item.id}:${item.numerationSelected}${item.meia ? ':meia' : ''}`;
  }
  return `ticket:${item.id}:${item.n_number ?? ''}${item.meia ? ':meia' : ''}`;
}

/**
 * Adds a ticket. The same item increases its amount; a seat or table already in the
 * cart is refused; a second resale listing is refused, and the same listing again stays
 * one ticket (a listing is a single ticket).
 */
export function addCartItem(cart: readonly CartItem[], item: CartItem): AddToCartResult {
  const key = cartItemKey(item);
  const existing = cart.find((entry) => cartItemKey(entry) === key);
  if (isResaleItem(item)) {
    if (existing) return { ok: true, cart: [...cart] };
    // One resale ticket per checkout (docs/core-buying.md).
    if (cart.some(isResaleItem)) return { ok: false, error: CART_MESSAGES.resaleLimit };
    return { ok: true, cart: [...cart, { ...item, amount: 1 }] };
  }
  if (isSeatItem(item)) {
    const taken = new Set(cart.flatMap(seatIdsOf));
    if (existing || seatIdsOf(item).some((id) => taken.has(id))) {
      return { ok: false, error: CART_MESSAGES.seatAlreadyInCart };
    }
    return { ok: true, cart: [...cart, { ...item, amount: 1 }] };
  }
  const amount = Math.max(1, Math.floor(item.amount));
  const cap = item.maxAmount ?? existing?.maxAmount ?? Number.POSITIVE_INFINITY;
  const current = existing?.amount ?? 0;
  if (current >= cap || cap < 1) return { ok: false, error: CART_MESSAGES.limitReached };
  const next = Math.min(cap, current + amount);
  if (existing) {
    return {
      ok: true,
      cart: cart.map((entry) =>
        entry === existing ? { ...entry, amount: next, maxAmount: item.maxAmount ?? entry.maxAmount } : entry,
      ),
    };
  }
  return { ok: true, cart: [...cart, { ...item, amount: next }] };
}

/** The cart after a removal, with the seats the server must now release. */
export interface RemovalResult {
  cart: CartItem[];
  released: SeatRelease[];
}

/**
 * Removes one unit of the item with this key. When the amount would go below 1 the item
 * is dropped, and a seat item reports its seats for release.
 */
export function removeOneCartItem(cart: readonly CartItem[], key: string): RemovalResult {
  const index = cart.findIndex((entry) => cartItemKey(entry) === key);
  const item = cart[index];
  if (!item) return { cart: [...cart], released: [] };
  if (item.amount - 1 >= 1) {
    return {
      cart: cart.map((entry, i) => (i === index ? { ...entry, amount: entry.amount - 1 } : entry)),
      released: [],
    };
  }
  return { cart: cart.filter((_, i) => i !== index), released: seatsInCart([item]) };
}

/** What remove-all matches: every entry of a ticket type, or a resale listing. */
export type RemoveAllTarget = { ticketId: EntityId } | { resaleId: EntityId };

/** Removes every entry of a ticket id or a resaleId, reporting seats to release. */
export function removeAllCartItems(cart: readonly CartItem[], target: RemoveAllTarget): RemovalResult {
  const matches = (item: CartItem): boolean =>
    'resaleId' in target ? same(item.resaleId, target.resaleId) : same(item.id, target.ticketId);
  return { cart: cart.filter((item) => !matches(item)), released: seatsInCart(cart.filter(matches)) };
}

/**
 * Seats of the items, grouped by event: of the whole cart, what checkout holds or
 * releases; of removed items, what the seat service must release.
 */
export function seatsInCart(items: readonly CartItem[]): SeatRelease[] {
  const byEvent = new Map<string, SeatRelease>();
  for (const item of items) {
    const seatIds = seatIdsOf(item);
    if (seatIds.length === 0) continue;
    const eventKey = String(item.eventId);
    const entry = byEvent.get(eventKey) ?? { eventId: item.eventId, seatIds: [] };
    entry.seatIds.push(...seatIds);
    byEvent.set(eventKey, entry);
  }
  return [...byEvent.values()];
}

/** Adds units of a product; the same product increases its amount, capped by its stock. */
export function addProductItem(
  products: readonly ProductCartItem[],
  product: ProductCartItem['product'],
  amount = 1,
): ProductCartItem[] {
  const units = Math.max(1, Math.floor(amount));
  const cap = (value: number) => (product.qtd > 0 ? Math.min(value, product.qtd) : value);
  const existing = products.find((entry) => same(entry.product.id, product.id));
  if (existing) {
    return products.map((entry) =>
      entry === existing
        ? { amount: cap(entry.amount + units), product: { ...entry.product, ...product } }
        : entry,
    );
  }
  return [...products, { amount: cap(units), product: { ...product } }];
}

/** Removes one unit of a product, dropping it below 1. */
export function removeOneProductItem(
  products: readonly ProductCartItem[],
  productId: EntityId,
): ProductCartItem[] {
  return products.flatMap((entry) => {
    if (!same(entry.product.id, productId)) return [entry];
    return entry.amount - 1 >= 1 ? [{ ...entry, amount: entry.amount - 1 }] : [];
  });
}

/** Removes a product entirely. */
export function removeAllProductItems(
  products: readonly ProductCartItem[],
  productId: EntityId,
): ProductCartItem[] {
  return products.filter((entry) => !same(entry.product.id, productId));
}

/** Item count shown by the cart bar: tickets plus products (docs/core-buying.md). */
export function cartItemCount(cart: readonly CartItem[], products: readonly ProductCartItem[]): number {
  const tickets = cart.reduce((sum, item) => sum + ticketUnits(item), 0);
  return tickets + products.reduce((sum, entry) => sum + entry.amount, 0);
}

/** Ticket subtotal in cents. */
export function ticketsTotalCents(cart: readonly CartItem[]): number {
  return cart.reduce((sum, item) => sum + Math.round(item.tk_price) * ticketUnits(item), 0);
}

/** Product subtotal in cents (products without a known price count as 0). */
export function productsTotalCents(products: readonly ProductCartItem[]): number {
  return products.reduce((sum, entry) => sum + Math.round(entry.product.price ?? 0) * entry.amount, 0);
}

/** Cart total in cents before the service fee ("+taxa"). */
export function cartTotalCents(cart: readonly CartItem[], products: readonly ProductCartItem[]): number {
  return ticketsTotalCents(cart) + productsTotalCents(products);
}

/** The event checkout is for: the first cart item's (docs/core-buying.md `/checkout/{eventId}`). */
export function checkoutEventId(
  cart: readonly CartItem[],
  products: readonly ProductCartItem[],
): EntityId | null {
  return cart[0]?.eventId ?? products[0]?.product.eventId ?? null;
}

/** The first item's event pixel, carried by the cart bar's buy button (docs/core-buying.md). */
export function firstEventPixel(cart: readonly CartItem[]): string | null {
  return cart[0]?.eventPixel ?? null;
}

/**
 * A ticket line with every optional field defaulted, so callers pass only what they know.
 */
export function ticketItem(
  fields: Pick<CartItem, 'id' | 'eventId' | 'tk_price'> & Partial<CartItem>,
): CartItem {
  return {
    amount: 1,
    eventPixel: null,
    numerationSelected: null,
    n_number: null,
    is_from_resale: 0,
    resaleId: null,
    originalTicketId: null,
    seatInfo: null,
    seatSelection: null,
    seatDetails: null,
    ...fields,
  };
}
