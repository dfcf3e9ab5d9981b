import { describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../messages/cart.ts';
import { seatLine } from '../test/cart-lines.ts';
import {
  addCartItem,
  addProductItem,
  type CartItem,
  cartItemCount,
  cartItemKey,
  cartTotalCents,
  checkoutEventId,
  firstEventPixel,
  removeAllCartItems,
  removeAllProductItems,
  removeOneCartItem,
  removeOneProductItem,
  seatsInCart,
  ticketItem,
  ticketsTotalCents,
  ticketUnits,
} from './cart.ts';

const general = ticketItem({ id: 10, eventId: 1, tk_price: 5000, n_number: 1, eventPixel: 'px-1' });
const resale = (resaleId: number) =>
  ticketItem({
    id: 11,
    eventId: 1,
    tk_price: 8000,
    is_from_resale: 1,
    resaleId,
    originalTicketId: 900 + resaleId,
  });
const seat = (seatId: string) =>
  seatLine(
    { seat_id: seatId, section_id: 's1', row_id: 'r1', seat_number: 4 },
    {
      id: 12,
      eventId: 2,
      tk_price: 12000,
      seatDetails: { sectionName: 'Plateia A', rowName: 'B', seatNumber: '4' },
    },
  );
const table = ticketItem({
  id: 13,
  eventId: 2,
  tk_price: 40000,
  seatInfo: { isTable: true, tableId: 't7', tableName: 'Mesa 7', seats: ['t7-1', 't7-2', 't7-3', 't7-4'] },
});

function add(cart: CartItem[], item: CartItem): CartItem[] {
  const result = addCartItem(cart, item);
  if (!result.ok) throw new Error(result.error);
  return result.cart;
}

describe('adding tickets', () => {
  it('increases the amount of the same item instead of adding a line', () => {
    const cart = add(add([], general), { ...general, amount: 2 });
    expect(cart).toHaveLength(1);
    expect(cart[0]?.amount).toBe(3);
  });

  it('keeps different lots of the same ticket apart', () => {
    const cart = add(add([], general), { ...general, n_number: 2 });
    expect(cart).toHaveLength(2);
  });

  it('merges numbered tickets by id plus numeration', () => {
    const numbered = (n: number) => ticketItem({ id: 20, eventId: 1, tk_price: 100, numerationSelected: n });
    const cart = add(add(add([], numbered(7)), numbered(7)), numbered(8));
    expect(cart.map((item) => [item.numerationSelected, item.amount])).toEqual([
      [7, 2],
      [8, 1],
    ]);
  });

  it('merges resale by resaleId and refuses a second resale listing', () => {
    const cart = add(add([], resale(5)), resale(5));
    expect(cart).toHaveLength(1);
    expect(cart[0]?.amount).toBe(1);
    expect(addCartItem(cart, resale(6))).toEqual({ ok: false, error: CART_MESSAGES.resaleLimit });
    expect(CART_MESSAGES.resaleLimit).toBe(
      'Apenas um ingresso de revenda pode ser comprado por vez. Por favor, finalize esta compra antes de adicionar outro ingresso de revenda.',
    );
  });

  it('allows regular tickets beside the one resale ticket', () => {
    expect(add(add([], resale(5)), general)).toHaveLength(2);
  });

  it('refuses a seat already in the cart, also when a table covers it', () => {
    const cart = add([], seat('a1'));
    expect(addCartItem(cart, seat('a1'))).toEqual({
      ok: false,
      error: 'Este assento já está no seu carrinho',
    });
    const withTable = add([], table);
    expect(addCartItem(withTable, seat('t7-2')).ok).toBe(false);
    expect(add(cart, seat('a2'))).toHaveLength(2);
  });

  it('stops at the most units one order may hold', () => {
    const limited = { ...general, maxAmount: 4 };
    let cart = add([], { ...limited, amount: 3 });
    cart = add(cart, { ...limited, amount: 3 });
    expect(cart[0]?.amount).toBe(4);
    expect(addCartItem(cart, limited)).toEqual({ ok: false, error: CART_MESSAGES.limitReached });
    expect(addCartItem([], { ...general, maxAmount: 0 }).ok).toBe(false);
  });

  it('keeps a meia line apart from the full-price line of the same lot', () => {
    const meia = { ...general, meia: true, tk_price: Math.floor(general.tk_price / 2) };
    let cart = add([], general);
    cart = add(cart, meia);
    cart = add(cart, meia);
    cart = add(cart, general);
    expect(cart).toHaveLength(2);
    expect(cart.map((item) => [item.meia === true, item.amount, item.tk_price])).toEqual([
      [false, 2, general.tk_price],
      [true, 2, meia.tk_price],
    ]);
    expect(cartItemKey(meia)).not.toBe(cartItemKey(general));
    expect(cartItemKey(meia)).toBe(`${cartItemKey(general)}:meia`);
    // Removing one meia leaves the full-price line alone.
    const after = removeOneCartItem(cart, cartItemKey(meia)).cart;
    expect(after.map((item) => item.amount)).toEqual([2, 1]);
    expect(ticketsTotalCents(cart)).toBe(2 * general.tk_price + 2 * meia.tk_price);
  });

  it('does not mutate the cart it is given', () => {
    const cart = [general];
    add(cart, general);
    expect(cart[0]?.amount).toBe(1);
  });
});

describe('removing tickets', () => {
  it('removes one unit at a time and drops the line below 1', () => {
    let cart = add([], { ...general, amount: 2 });
    const key = cartItemKey(general);
    cart = removeOneCartItem(cart, key).cart;
    expect(cart[0]?.amount).toBe(1);
    const last = removeOneCartItem(cart, key);
    expect(last.cart).toEqual([]);
    expect(last.released).toEqual([]);
  });

  it('drops a seat item and reports its seat for release', () => {
    const cart = add(add([], seat('a1')), general);
    const result = removeOneCartItem(cart, cartItemKey(seat('a1')));
    expect(result.cart).toEqual([general]);
    expect(result.released).toEqual([{ eventId: 2, seatIds: ['a1'] }]);
  });

  it('reports every chair of a removed table', () => {
    const result = removeOneCartItem([table], cartItemKey(table));
    expect(result.released).toEqual([{ eventId: 2, seatIds: ['t7-1', 't7-2', 't7-3', 't7-4'] }]);
  });

  it('ignores an unknown key', () => {
    expect(removeOneCartItem([general], 'ticket:nope:').cart).toEqual([general]);
  });

  it('removes all by ticket id, releasing seats grouped by event', () => {
    const cart = add(add(add([], seat('a1')), seat('a2')), general);
    const result = removeAllCartItems(cart, { ticketId: '12' });
    expect(result.cart).toEqual([general]);
    expect(result.released).toEqual([{ eventId: 2, seatIds: ['a1', 'a2'] }]);
  });

  it('removes all by resaleId', () => {
    const cart = add(add([], resale(5)), general);
    expect(removeAllCartItems(cart, { resaleId: 5 }).cart).toEqual([general]);
  });
});

describe('products', () => {
  const shirt = { id: 'p1', qtd: 3, price: 4990, eventId: 1 };

  it('merges the same product and caps at stock', () => {
    let products = addProductItem([], shirt);
    products = addProductItem(products, shirt, 5);
    expect(products).toEqual([{ amount: 3, product: shirt }]);
  });

  it('removes one at a time and all at once', () => {
    const products = addProductItem(addProductItem([], shirt, 2), { id: 'p2', qtd: 0, price: 100 });
    expect(removeOneProductItem(products, 'p1')[0]?.amount).toBe(1);
    expect(removeOneProductItem(removeOneProductItem(products, 'p1'), 'p1')).toHaveLength(1);
    expect(removeAllProductItems(products, 'p2')).toHaveLength(1);
  });
});

describe('counts and totals', () => {
  it('counts tickets plus products and sums cents', () => {
    const cart = add(add([], { ...general, amount: 2 }), seat('a1'));
    const products = addProductItem([], { id: 'p1', qtd: 0, price: 4990 }, 2);
    expect(cartItemCount(cart, products)).toBe(5);
    expect(cartTotalCents(cart, products)).toBe(2 * 5000 + 12000 + 2 * 4990);
  });

  it('counts and prices a table as one ticket per seat, as the API host charges it', () => {
    const cart = add(add([], general), table);
    expect(cartItemCount(cart, [])).toBe(1 + 4);
    expect(ticketsTotalCents(cart)).toBe(5000 + 4 * 40000);
    expect(ticketUnits(table)).toBe(4);
    expect(ticketUnits({ ...general, amount: 3 })).toBe(3);
  });

  it('names the checkout event and pixel after the first item', () => {
    expect(checkoutEventId([seat('a1'), general], [])).toBe(2);
    expect(checkoutEventId([], [{ amount: 1, product: { id: 'p', qtd: 0, eventId: 9 } }])).toBe(9);
    expect(checkoutEventId([], [])).toBeNull();
    expect(firstEventPixel([general])).toBe('px-1');
  });

  it('lists the seats held by the cart', () => {
    expect(seatsInCart([seat('a1'), general, table])).toEqual([
      { eventId: 2, seatIds: ['a1', 't7-1', 't7-2', 't7-3', 't7-4'] },
    ]);
  });
});
