/**
 * The API host's pt-BR answers about shared payments (docs/shared-payments.md). The clients'
 * own labels live in core's messages/shared-payments.ts.
 */
export const SHARED_PAYMENT_ANSWERS = {
  notFound: 'Pagamento compartilhado não encontrado.',
  shareNotFound: 'Parte do pagamento não encontrada.',
  orderNotFound: 'Pedido não encontrado.',
  notYourOrder: 'Este pedido pertence a outro cliente.',
  forbidden: 'Você não participa deste pagamento compartilhado.',
  leaderOnly: 'Apenas o organizador pode fazer isso.',
  orderNotReservable: 'Este pedido não está mais reservado. Faça uma nova reserva para dividir o pagamento.',
  paymentStarted: 'Este pedido já tem um pagamento iniciado e não pode mais ser dividido.',
  walletPart: 'Este pedido usa saldo da carteira e não pode ser dividido.',
  alreadyShared: 'Este pedido já está sendo pago em grupo.',
  groupCap: 'Limite de compras em grupo para este evento atingido. Tente pagar sozinho.',
  oneOpenGroup:
    'Você já tem um pagamento compartilhado aberto para este evento. Conclua ou aguarde o fim dele para abrir outro.',
  tooLate: 'Não há tempo suficiente antes do evento para dividir este pagamento.',
  invalidDeadline: 'Informe o prazo como data e hora válidas.',
  deadlineTooSoon: 'Escolha um prazo de pelo menos 30 minutos a partir de agora.',
  ticketsNotSplittable:
    'A divisão dos ingressos não corresponde às mesas do pedido: cada mesa vai inteira para uma pessoa.',
  pixUnavailable: 'Não foi possível gerar os códigos PIX agora. Tente novamente em instantes.',
  notOpen: 'Este pagamento compartilhado já foi encerrado.',
  leaderShareFirst: 'Pague a sua parte primeiro: os convites saem assim que ela for paga.',
  unknownEmails: (emails: string[]) =>
    `Estes e-mails não têm parte a pagar neste grupo: ${emails.join(', ')}.`,
  resendTooSoon: (minutes: number) =>
    `Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} para reenviar o e-mail desta parte.`,
  /** The buyer's own checkout of an order being paid in a group. */
  orderIsShared: 'Este pedido está sendo pago em grupo: cada pessoa paga a sua parte pelo link recebido.',
} as const;

/** The line a share's page shows under its status. */
export const SHARE_PAGE_MESSAGES = {
  waiting: 'Aguardando pagamento',
  leaderGrace: 'Prazo dos amigos encerrado: você ainda pode pagar esta parte até o fechamento do grupo.',
  deadlinePassed: 'Prazo encerrado. Agora só o organizador pode pagar esta parte.',
  paidWaiting: 'Pago. Aguardando os pagamentos das outras pessoas.',
  paidCompleted: 'Pago. Todos pagaram e os ingressos foram emitidos.',
  closed: 'Prazo encerrado',
  refunding: 'Devolução em andamento',
  refunded: 'Valor devolvido',
} as const;
