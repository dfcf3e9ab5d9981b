/** pt-BR texts of the `<plateia-cart-bar>` element (spec §2, sticky bottom cart bar). */

/** pt-BR texts of the cart bar ("Finalizar Compra" and "+taxa" are the spec's). */
export const CART_BAR_MESSAGES = {
  region: 'Carrinho',
  items: (count: number) => (count === 1 ? '1 item' : `${count} itens`),
  fee: '+taxa',
  checkout: 'Finalizar Compra',
} as const;
