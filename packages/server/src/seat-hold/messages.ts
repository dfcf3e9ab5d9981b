/** pt-BR answers of the seat calls (spec §8 where the spec has one). */
export const SEAT_MESSAGES = {
  taken: 'Este assento acabou de ser reservado por outra pessoa',
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
