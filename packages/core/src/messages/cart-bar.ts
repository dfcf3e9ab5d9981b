/** pt-BR texts of the `<plateia-cart-bar>` element (docs/widgets-buy-button.md, sticky bottom cart bar). */

/** pt-BR texts of the cart bar ("Finalizar Compra" and "+taxa" are the spec's). */
export const CART_BAR_MESSAGES = {
  region: 'Carrinho',
  items: (count: number) => (count === 1 ? '1 item' : `${count} itens`),
  fee: '+taxa',
  checkout: 'Finalizar Compra',
} as const;
