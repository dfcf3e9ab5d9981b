/** pt-BR texts of the producer area's events: creating, editing, duplicating and publishing them. */
export const PRODUCER_EVENT_MESSAGES = {
  nameRequired: 'Informe o nome do evento.',
  venueRequired: 'Informe o local do evento.',
  cityRequired: 'Informe a cidade do evento.',
  startsInFuture: 'O evento precisa começar no futuro.',
  endsAfterStart: 'O término precisa ser depois do início.',
  lotsRequired: 'Cadastre pelo menos um lote de ingressos.',
  lotNameRequired: 'Informe o nome de cada lote.',
  lotQuantity: 'Cada lote precisa de pelo menos 1 ingresso.',
  lotPrice: 'Informe o preço de cada lote (R$ 0,00 para gratuito).',
  lotWindow: 'O fim das vendas de um lote precisa ser depois do início.',
  slugTaken: 'Já existe um evento com este endereço. Escolha outro.',
  slugInvalid: 'O endereço do evento usa só letras minúsculas, números e hífens.',
  notDraft: 'Este evento já foi publicado.',
  eventNotFound: 'Evento não encontrado.',
  producerOnly: 'Apenas a equipe da organização pode alterar este evento.',
  published: 'Evento publicado! Ele já aparece na Plateia.',
  created: 'Rascunho criado. Revise e publique quando estiver pronto.',
  saved: 'Alterações salvas.',
  savedChanged:
    'Alterações salvas. A data ou o local mudou: o evento aparece como alterado para quem comprou.',
  duplicated: 'Cópia criada como rascunho.',
  lotAdded: 'Lote adicionado.',
  eventCancelled: 'Este evento foi cancelado e não pode mais ser alterado.',
  eventPast: 'Este evento já aconteceu e não pode mais ser alterado.',
  refundPolicyTooLong: 'A política de reembolso pode ter até 2.000 caracteres.',
  queueTimesRequired: 'Informe quando a sala de espera abre e quando as vendas começam.',
  queueOrder: 'As vendas precisam começar depois que a sala de espera abre.',
  queueBeforeEnd: 'As vendas pela fila precisam começar antes do fim do evento.',
  queueStarted: 'As vendas pela fila virtual já começaram: a alta demanda não pode mais ser alterada.',
  lotOnSeatedType: 'Este nome já é de um setor com lugares marcados. Use outro nome para o lote.',
} as const;

/** What the producer area calls each status of an event. */
export const PRODUCER_EVENT_STATUS_LABELS = {
  draft: 'Rascunho',
  published: 'Publicado',
  changed: 'Alterado',
  cancelled: 'Cancelado',
  past: 'Encerrado',
} as const;
