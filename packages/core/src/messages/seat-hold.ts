/**
 * pt-BR texts of seat holds: the seat flow's messages the clients show (docs/buying.md, verbatim)
 * and the answers of the API host's seat calls. Separate tables, so a bundle keeps only the
 * ones it reads.
 */

/** pt-BR messages of the seat flow (docs/buying.md, verbatim). */
export const SEAT_MESSAGES = {
  notAvailable: 'Este assento não está mais disponível',
  alreadyInCart: 'Este assento já está no seu carrinho',
  takenByAnother: 'Este assento acabou de ser reservado por outra pessoa',
  addFailed: 'Erro ao adicionar assento ao carrinho',
  removeFailed: 'Erro ao remover assento do carrinho',
  checkoutUnavailable:
    'Um ou mais assentos selecionados ficaram indisponíveis. Por favor, selecione outros assentos.',
} as const;

/** pt-BR answers of the API host's seat calls (docs/buying.md where the spec has one). */
export const SEAT_CALL_MESSAGES = {
  taken: SEAT_MESSAGES.takenByAnother,
  held: 'Assentos reservados para você.',
  released: 'Assentos liberados.',
  noMap: 'Este evento não tem mapa de assentos.',
  sectionNotFound: 'Setor não encontrado.',
  missingEvent: 'Evento não informado.',
  missingSeats: 'Nenhum assento selecionado.',
  missingEmail: 'Informe o e-mail do comprador.',
  missingSession: 'Sessão não informada.',
  invalidData: 'Dados do assento em formato inválido.',
} as const;
