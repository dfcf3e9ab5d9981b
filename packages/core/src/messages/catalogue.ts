/**
 * pt-BR texts of the catalogue (events and their ticket types), shared by the API host and
 * the clients.
 */

import { formatCents } from '../format/money.ts';

/** The answer for an unknown or unpublished event (the catalogue's 404, also the courtesy call's). */
export const EVENT_NOT_FOUND = 'Evento não encontrado.';

/** Why a buyer got another lot than the one in their cart. */
export type LotTurnReason = 'soldOut' | 'closed' | 'stillOpen';

/**
 * The notice of a reservation whose units came from another lot than the one asked for
 * ("virada de lote"): "O 1º lote esgotou; seu ingresso é do 2º lote por R$ 150,00".
 */
export function lotTurnNotice(turn: {
  requested: number;
  given: number;
  priceCents: number;
  units: number;
  reason: LotTurnReason;
}): string {
  const price = formatCents(turn.priceCents);
  const whose = turn.units === 1 ? 'seu ingresso é' : `${turn.units} dos seus ingressos são`;
  const what =
    turn.reason === 'stillOpen'
      ? `O ${turn.given}º lote ainda está à venda`
      : `O ${turn.requested}º lote ${turn.reason === 'soldOut' ? 'esgotou' : 'encerrou'}`;
  return `${what}; ${whose} do ${turn.given}º lote por ${price}`;
}

/** "1º lote" for lot number 1. */
export function lotLabel(nNumber: number): string {
  return `${nNumber}º lote`;
}

/** "Próximo lote: R$ 120,00". */
export function nextLotLabel(priceCents: number): string {
  return `Próximo lote: ${formatCents(priceCents)}`;
}
