/** pt-BR texts of the cart rules (docs/core-buying.md), shared by the clients and the API host's reservation. */
import { SEAT_MESSAGES } from './seat-hold.ts';

/** pt-BR messages of the cart rules (docs/core-buying.md, verbatim). */
export const CART_MESSAGES = {
  resaleLimit:
    'Apenas um ingresso de revenda pode ser comprado por vez. Por favor, finalize esta compra antes de adicionar outro ingresso de revenda.',
  seatAlreadyInCart: SEAT_MESSAGES.alreadyInCart,
  // Not in the spec: decided in docs/core-buying.md.
  limitReached: 'Você já atingiu a quantidade máxima deste ingresso por compra',
} as const;
