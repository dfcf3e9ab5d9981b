/** pt-BR texts of checkout that the clients show. */

/** pt-BR messages of checkout that the spec leaves open (decided in docs/core-buying.md). */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'Seu carrinho está vazio',
  loginRequired: 'Para finalizar a compra, acesse sua conta',
  expired: 'O tempo para finalizar a compra acabou e seu carrinho foi esvaziado.',
} as const;
