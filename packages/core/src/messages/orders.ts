/**
 * pt-BR texts of orders (the reservation that starts checkout): the clients' messages
 * (docs/core-buying.md, verbatim) and the API host's reservation answers. Separate tables, so a bundle
 * keeps only the ones it reads; where both say the same, the host's table points at the
 * clients' text.
 */
import { CART_MESSAGES } from './cart.ts';
import { SEAT_MESSAGES } from './seat-hold.ts';

/** pt-BR messages of the reservation the clients show (docs/core-buying.md, verbatim). */
export const RESERVATION_MESSAGES = {
  notPermitted: 'A quantidade desejada para um dos ingressos selecionados não está mais disponível.',
  partial: 'Alguns dos seus ingressos não estão mais disponíveis',
  failed: 'Erro ao iniciar checkout, tente novamente',
} as const;

/** pt-BR answers of the API host's reservation, `POST /cart/reserve` (docs/core-buying.md where the spec has one). */
export const RESERVE_MESSAGES = {
  secondResale: CART_MESSAGES.resaleLimit,
  ticketUnavailable: RESERVATION_MESSAGES.notPermitted,
  productUnavailable: 'A quantidade desejada para um dos produtos selecionados não está mais disponível.',
  seatUnavailable: SEAT_MESSAGES.checkoutUnavailable,
  emptyCart: 'Seu carrinho está vazio.',
  eventNotOnSale: 'Este evento não está à venda.',
  unknownTicket: 'Ingresso não encontrado para este evento.',
  unknownProduct: 'Produto não encontrado para este evento.',
  seatRequired: 'Escolha um assento para este ingresso.',
  seatNotAllowed: 'Este ingresso não tem lugar marcado.',
  seatWrongSection: 'O assento escolhido não pertence ao setor deste ingresso.',
  oneSeatPerLine: 'Cada assento corresponde a um ingresso: informe a quantidade 1.',
  duplicateSeat: 'O mesmo assento foi informado mais de uma vez.',
  resaleNotFound: 'Ingresso de revenda não encontrado.',
  ownResale: 'Você não pode comprar o seu próprio ingresso de revenda.',
  couponInvalid: 'Cupom inválido ou expirado.',
  couponExhausted: 'Este cupom atingiu o limite de uso.',
  tooManyHolders: 'Há mais e-mails de titulares do que ingressos.',
  /** A lot's limit counts the customer's earlier paid orders too. */
  perCustomerLimit: (max: number) =>
    `Você já atingiu o limite de ${max} ingressos deste lote por cliente, somando suas compras anteriores.`,
  /** A coupon with a usage limit is one use per customer. */
  couponAlreadyUsed: 'Você já usou este cupom.',
} as const;
