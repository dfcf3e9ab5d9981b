import { formatCents } from '../format/money.ts';
import { formatBasisPoints } from '../format/numbers.ts';
import { TICKET_ERRORS } from './tickets.ts';

/**
 * pt-BR texts of selling a ticket on resale (docs/resale.md): the API host's answers and the
 * storefront's labels, shared by both.
 */

/** Errors the API host answers on resale routes, by machine code. */
export const RESALE_ERRORS = {
  notFound: TICKET_ERRORS.notFound,
  notOwner: TICKET_ERRORS.notOwner,
  notValid:
    'Só é possível revender ingressos válidos: este já foi utilizado, cancelado, transferido ou revendido.',
  courtesy: 'Ingressos de cortesia não podem ser revendidos.',
  eventStarted: 'A revenda deste evento foi encerrada: o evento já começou.',
  eventClosed: 'Este evento não está à venda.',
  alreadyListed: 'Este ingresso já está anunciado para revenda.',
  pendingTransfer: 'Este ingresso tem uma transferência pendente. Cancele-a antes de revender.',
  priceTooHigh: (maxCents: number) =>
    `O preço de revenda pode ser no máximo ${formatCents(maxCents)}: o valor do ingresso, sem a taxa de serviço.`,
  priceTooLow: (minCents: number) => `O preço de revenda deve ser de pelo menos ${formatCents(minCents)}.`,
  listingNotFound: 'Anúncio de revenda não encontrado.',
  notSeller: 'Este anúncio de revenda não é seu.',
  listingClosed: 'Este anúncio não está mais ativo: o ingresso já foi vendido ou retirado da revenda.',
  reserved: 'Um comprador está finalizando a compra deste ingresso. Tente novamente em alguns minutos.',
} as const;

/**
 * Answers tied to the resale's held proceeds (docs/resale.md, "Settlement"): the seller is
 * paid once the event has ended, which makes the sale final from then on.
 */
export const RESALE_PROCEEDS_MESSAGES = {
  released:
    'Este ingresso foi comprado na revenda e o valor já foi repassado a quem vendeu: não é mais possível reembolsá-lo.',
  eventEnded: 'Este evento já terminou e não pode mais ser cancelado.',
} as const;

/** Machine codes of resale errors. */
export type ResaleErrorCode = keyof typeof RESALE_ERRORS;

/** The storefront's texts for listing and withdrawing. */
export const RESALE_MESSAGES = {
  action: 'Revender',
  withdraw: 'Retirar da revenda',
  withdrawing: 'Retirando…',
  priceLabel: 'Preço de revenda (R$)',
  maxPrice: (maxCents: number) =>
    `Máximo ${formatCents(maxCents)} (o valor do ingresso, sem a taxa de serviço).`,
  fee: (feeBps: number, feeCents: number) =>
    `Taxa de revenda (${formatBasisPoints(feeBps)}): ${formatCents(feeCents)}`,
  youReceive: (netCents: number) => `Você recebe ${formatCents(netCents)}`,
  whenSold:
    'Vendido o ingresso, o valor entra na sua carteira depois que o evento terminar (até lá o comprador ainda pode pedir reembolso).',
  codeSuspended: 'Enquanto estiver anunciado, o QR Code deste ingresso fica suspenso.',
  confirm: 'Anunciar para revenda',
  listing: 'Anunciando…',
  back: 'Voltar',
  listed: 'Ingresso anunciado para revenda. O QR Code fica suspenso até a venda ou a retirada do anúncio.',
  withdrawn: 'Anúncio retirado. Seu ingresso voltou a valer, com um novo QR Code.',
  listedFor: (priceCents: number, netCents: number) =>
    `Anunciado por ${formatCents(priceCents)} · você recebe ${formatCents(netCents)}`,
  reservedNote: 'Um comprador está finalizando a compra.',
  soldPayoutAfterEvent: 'Ingresso revendido. O valor entra na sua carteira depois que o evento terminar.',
  quoteFailed: 'Não foi possível calcular o valor da revenda, tente novamente',
  listFailed: 'Não foi possível anunciar o ingresso, tente novamente',
  withdrawFailed: 'Não foi possível retirar o anúncio, tente novamente',
  loadFailed: 'Não foi possível carregar suas revendas, tente novamente',
  invalidPrice: 'Informe um preço válido, por exemplo 120,00.',
} as const;
