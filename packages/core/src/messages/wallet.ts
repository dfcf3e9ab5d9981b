/**
 * pt-BR texts of the cashless wallet (`/cashless`, "Minha Carteira"): the page, the
 * checkout's wallet option, and the API host's wallet answers.
 */

/** Names of the statement's movement kinds. */
export const WALLET_KIND_LABELS: Readonly<Record<string, string>> = {
  wallet_topup: 'Recarga por PIX',
  wallet_spend: 'Pagamento de pedido',
  pos_spend: 'Consumo no evento',
  wallet_return: 'Devolução por PIX',
  refund: 'Reembolso',
  resale_sale: 'Venda na revenda',
  reversal: 'Estorno',
};

/** Texts of the `/cashless` page and the checkout's wallet option. */
export const WALLET_MESSAGES = {
  title: 'Minha Carteira',
  lead: 'Recarregue por PIX, pague ingressos e consuma no evento. O que sobrar volta para a sua conta, sem taxa.',
  balance: 'Saldo disponível',
  topUpTitle: 'Recarregar por PIX',
  topUpAmount: 'Valor da recarga (R$)',
  topUpButton: 'Gerar PIX',
  topUpWaiting: 'Aguardando o pagamento do PIX.',
  topUpCredited: 'Recarga confirmada! O valor já está no seu saldo.',
  topUpExpired: 'O PIX desta recarga expirou. Gere um novo.',
  copyCode: 'Copiar código',
  copied: 'Código copiado!',
  simulate: 'Simular pagamento',
  returnTitle: 'Devolver saldo',
  returnLead:
    'O saldo volta para as contas PIX que pagaram as recargas dos últimos 90 dias, da mais recente para a mais antiga, sem taxa.',
  returnButton: 'Devolver saldo',
  returnConfirm: 'Devolver o saldo para as contas PIX das recargas?',
  returnNothing: 'Não há saldo de recargas dos últimos 90 dias para devolver.',
  statementTitle: 'Extrato',
  statementEmpty: 'Nenhuma movimentação no período.',
  filterFrom: 'De',
  filterTo: 'Até',
  filterKind: 'Tipo',
  filterAll: 'Todos',
  filterApply: 'Filtrar',
  loadMore: 'Carregar mais',
  payCodeTitle: 'Pagar no evento',
  payCodeLead: 'Mostre este código no caixa do evento. Ele vale por 10 minutos.',
  payCodeButton: 'Gerar código de pagamento',
  loginRequired: 'Entre na sua conta para ver a sua carteira.',
  loadFailed: 'Não foi possível carregar a carteira. Tente novamente.',
  useWallet: 'Usar saldo da carteira',
  walletApplied: (amount: string) => `${amount} do saldo da carteira aplicados a este pedido.`,
  walletPaid: 'Pedido pago com o saldo da carteira!',
  remaining: (amount: string) => `Restante a pagar: ${amount}`,
} as const;

/** pt-BR texts the API host's wallet routes answer with. */
export const WALLET_ANSWER_MESSAGES = {
  topUpTooSmall: (min: string) => `O valor mínimo de recarga é ${min}.`,
  topUpTooLarge: (max: string) => `O valor máximo de recarga é ${max}.`,
  topUpNotFound: 'Recarga não encontrada.',
  topUpForbidden: 'Esta recarga pertence a outro cliente.',
  pixUnavailable: 'Não foi possível gerar o PIX agora. Tente novamente em instantes.',
  insufficientFunds: 'Saldo insuficiente na carteira.',
  nothingToUse: 'Você não tem saldo na carteira.',
  amountTooLarge: 'O valor da carteira não pode passar do total do pedido.',
  paymentOpen:
    'Este pedido já tem um pagamento em andamento. Use o saldo da carteira antes de gerar o PIX ou pagar com cartão.',
  walletAlreadyApplied: 'O saldo da carteira já foi aplicado a este pedido.',
  noWalletPart: 'Este pedido não usa saldo da carteira.',
  walletApplied: 'Saldo da carteira aplicado ao pedido.',
  walletPaid: 'Pedido pago com o saldo da carteira!',
  walletReleased: 'O saldo da carteira voltou para a sua conta.',
  returnRequested: 'Devolução solicitada. O valor chega à sua conta PIX em instantes.',
  returnNothing: 'Não há saldo de recargas dos últimos 90 dias para devolver.',
  notProducer: 'Apenas o produtor do evento pode cobrar na carteira.',
  eventNotFound: 'Evento não encontrado.',
  payCodeInvalid: 'Código de pagamento inválido ou expirado. Peça ao cliente para gerar outro.',
  posCharged: 'Pagamento aprovado.',
  posKeyReused: 'Esta chave de idempotência já foi usada em outra cobrança.',
  invalidPeriod: 'Período inválido.',
} as const;
