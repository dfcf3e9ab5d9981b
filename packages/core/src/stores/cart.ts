import { computed, task } from 'nanostores';
import { ApiError } from '../api/public-read.ts';
import { SEAT_MESSAGES } from '../messages/seat-hold.ts';
import {
  type AddToCartResult,
  addCartItem,
  addProductItem,
  type CartItem,
  cartItemCount,
  cartItemKey,
  cartTotalCents,
  checkoutEventId,
  type EntityId,
  firstEventPixel,
  type ProductCartItem,
  type RemovalResult,
  type RemoveAllTarget,
  removeAllCartItems,
  removeAllProductItems,
  removeOneCartItem,
  removeOneProductItem,
  seatIdsOf,
} from '../rules/cart.ts';
import { holdFailureMessage, seatAddBlocker, seatCartBlocker } from '../rules/seat-hold.ts';
import { persistentAtom, persistentTime } from './browser-storage.ts';
import { showToast } from './toasts.ts';

// The seat holds (and the authenticated API client under them) load only when a seat is
// added or released, so a page that sells general admission never downloads them.
const seatHolds = () => import('./seat-hold.ts');

/**
 * The carts (docs/core-buying.md): tickets in `plateia:cart`, products in `plateia:productCart`,
 * and the time of the last change in `plateia:cartUpdatedAt` (the expiry clock, docs/core-buying.md).
 * The stores persist themselves and follow other tabs; the actions here only change them.
 * Seat items enter through {@link addSeatToCart}, the spec's seat flow.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isId = (value: unknown): boolean => typeof value === 'number' || typeof value === 'string';

/** A stored line with at least one unit. */
const hasUnits = (value: unknown): value is Record<string, unknown> & { amount: number } =>
  isRecord(value) && typeof value.amount === 'number' && value.amount >= 1;

function isCartItem(value: unknown): value is CartItem {
  return hasUnits(value) && isId(value.id) && typeof value.tk_price === 'number';
}

function isProductItem(value: unknown): value is ProductCartItem {
  return hasUnits(value) && isRecord(value.product) && isId(value.product.id);
}

// Entries that do not look like cart lines (an older format, a hand-edited value) are
// dropped rather than crashing every element that reads the cart.
const listDecoder =
  <T>(guard: (value: unknown) => value is T) =>
  (raw: string): T[] | undefined => {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(guard) : undefined;
  };

/** An empty list leaves no key behind, so a cleared cart leaves storage clean. */
function listEncoder(value: readonly unknown[]): string | null {
  return value.length === 0 ? null : JSON.stringify(value);
}

/** Tickets in the cart (docs/core-buying.md cart item), in `plateia:cart`. */
export const $cart = persistentAtom<CartItem[]>('plateia:cart', [], {
  encode: listEncoder,
  decode: listDecoder(isCartItem),
});

/** Products in the cart (docs/core-buying.md product cart item), in `plateia:productCart`. */
export const $productCart = persistentAtom<ProductCartItem[]>('plateia:productCart', [], {
  encode: listEncoder,
  decode: listDecoder(isProductItem),
});

/** When the carts last changed (epoch ms), in `plateia:cartUpdatedAt`; `null` when empty. */
export const $cartUpdatedAt = persistentTime('plateia:cartUpdatedAt');

/** Item count of the cart bar: tickets plus products (docs/core-buying.md). */
export const $cartCount = computed([$cart, $productCart], cartItemCount);

/** Cart total in cents before the service fee (the bar adds "+taxa"). */
export const $cartTotalCents = computed([$cart, $productCart], cartTotalCents);

/** The event checkout is for: the first cart item's, or `null` for an empty cart. */
export const $cartEventId = computed([$cart, $productCart], checkoutEventId);

/** The first item's event pixel, carried by the cart bar's buy button. */
export const $cartPixel = computed($cart, firstEventPixel);

/** Whether either cart has anything. */
export const $cartHasItems = computed(
  [$cart, $productCart],
  (tickets, products) => tickets.length + products.length > 0,
);

function commit(tickets: CartItem[] | null, products: ProductCartItem[] | null): void {
  if (tickets) $cart.set(tickets);
  if (products) $productCart.set(products);
  const empty = $cart.get().length === 0 && $productCart.get().length === 0;
  // The expiry clock counts from the last change; an empty cart has nothing to expire.
  $cartUpdatedAt.set(empty ? null : Date.now());
}

/** What a cart action reports: done, or the pt-BR message it also showed as a toast. */
export type CartActionResult = { ok: true } | { ok: false; error: string };

function fail(error: string): CartActionResult {
  showToast({ kind: 'error', message: error });
  return { ok: false, error };
}

/**
 * Adds tickets (docs/core-buying.md): the same item increases its amount; a second resale listing is
 * refused with the spec's message (also shown as a toast). Seats and tables go through
 * {@link addSeatToCart} instead, which holds them first.
 */
export function addToCart(item: CartItem): CartActionResult {
  const result: AddToCartResult = addCartItem($cart.get(), item);
  if (!result.ok) return fail(result.error);
  commit(result.cart, null);
  return { ok: true };
}

const seatsInFlight = new Set<string>();

/**
 * The seat flow (docs/core-buying.md): refuses a seat already in the cart, checks with the
 * seat service that it is available, holds it for 600 s, then adds the item. A failed hold
 * or add releases the seats again. Resolves with the outcome; failures also show a toast
 * with the spec's message ("Este assento não está mais disponível", "Este assento já
 * está no seu carrinho", "Este assento acabou de ser reservado por outra pessoa" or the
 * server's text, else "Erro ao adicionar assento ao carrinho").
 */
export function addSeatToCart(item: CartItem): Promise<CartActionResult> {
  return task(async () => {
    const seatIds = seatIdsOf(item);
    const inCart = new Set([...$cart.get().flatMap(seatIdsOf), ...seatsInFlight]);
    const early = seatCartBlocker(seatIds, inCart);
    if (early) return fail(early);
    // A double click must not hold twice and then release the first click's seat.
    for (const id of seatIds) seatsInFlight.add(id);
    try {
      let seats: Awaited<ReturnType<typeof seatHolds>>;
      let statuses: Record<string, string>;
      try {
        seats = await seatHolds();
        statuses = await seats.refreshSeatStatus(item.eventId, seatIds);
      } catch {
        return fail(SEAT_MESSAGES.addFailed);
      }
      const blocked = seatAddBlocker(seatIds, statuses, new Set($cart.get().flatMap(seatIdsOf)));
      if (blocked) return fail(blocked);
      try {
        await seats.holdSeatsForSession(item.eventId, seatIds);
      } catch (error) {
        await releaseQuietly(item.eventId, seatIds);
        const status = error instanceof ApiError ? error.status : 0;
        const serverMessage = error instanceof ApiError ? error.serverMessage : undefined;
        return fail(holdFailureMessage(status, serverMessage));
      }
      const result = addCartItem($cart.get(), item);
      if (!result.ok) {
        await releaseQuietly(item.eventId, seatIds);
        return fail(result.error);
      }
      commit(result.cart, null);
      return { ok: true } as const;
    } finally {
      for (const id of seatIds) seatsInFlight.delete(id);
    }
  });
}

async function releaseQuietly(eventId: EntityId, seatIds: string[]): Promise<void> {
  try {
    await (await seatHolds()).releaseSeatHolds([{ eventId, seatIds }]);
  } catch {
    // A hold the server still keeps lapses after 600 s on its own.
  }
}

/**
 * Applies a removal: seats leaving the cart are released first, and only when the seat
 * service confirms does the cart change, so a failed release ("Erro ao remover assento do
 * carrinho") leaves the seat in the cart to try again.
 */
async function applyRemoval(removal: RemovalResult): Promise<CartActionResult> {
  if (removal.released.length > 0) {
    try {
      await (await seatHolds()).releaseSeatHolds(removal.released);
    } catch {
      return fail(SEAT_MESSAGES.removeFailed);
    }
  }
  commit(removal.cart, null);
  return { ok: true };
}

/**
 * Removes one unit of the line with this key ({@link cartItemKey}); below 1 the line is
 * dropped, and a seat or table is released (docs/core-buying.md).
 */
export function removeOneFromCart(key: string): Promise<CartActionResult> {
  return task(() => applyRemoval(removeOneCartItem($cart.get(), key)));
}

/** Removes a seat or table line (and releases it); the picker's "remove" on a seat. */
export function removeSeatFromCart(item: CartItem): Promise<CartActionResult> {
  return removeOneFromCart(cartItemKey(item));
}

/** Removes every line of a ticket id, or the resale listing, releasing their seats (docs/core-buying.md). */
export function removeAllFromCart(target: RemoveAllTarget): Promise<CartActionResult> {
  return task(() => applyRemoval(removeAllCartItems($cart.get(), target)));
}

/** Adds units of a marketplace product (the same product increases its amount, up to stock). */
export function addProductToCart(product: ProductCartItem['product'], amount = 1): void {
  commit(null, addProductItem($productCart.get(), product, amount));
}

/** Removes one unit of a product, dropping it below 1. */
export function removeOneProductFromCart(productId: EntityId): void {
  commit(null, removeOneProductItem($productCart.get(), productId));
}

/** Removes a product entirely. */
export function removeProductFromCart(productId: EntityId): void {
  commit(null, removeAllProductItems($productCart.get(), productId));
}

/** Empties the product cart (quit checkout, docs/core-buying.md). */
export function clearProductCart(): void {
  commit(null, []);
}

/**
 * Empties both carts without touching seat holds (the checkout actions decide whether
 * seats are released or were sold).
 */
export function clearCarts(): void {
  commit([], []);
}
