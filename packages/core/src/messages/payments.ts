/**
 * pt-BR texts of payments: what the clients say on their own, the API host's payment
 * answers and card outcomes, and the sandbox payment providers' answers. Separate tables,
 * so a bundle keeps only the ones it reads.
 */

/** The card could not be validated (a bad or reused card token); the checkout element's fallback too. */
export const CARD_INVALID_MESSAGE = 'Não foi possível validar o cartão. Confira os dados e tente novamente.';

/** Payment messages the API host does not send, shown by the clients (decided in docs/core-buying.md). */
export const PAYMENT_MESSAGES = {
  noOrder: 'Inicie a compra novamente para pagar.',
  expired: 'O prazo para pagamento expirou. Seus ingressos foram liberados.',
} as const;

/** pt-BR texts the API host's payment routes answer with. */
export const PAYMENT_ANSWER_MESSAGES = {
  orderNotFound: 'Pedido não encontrado.',
  forbidden: 'Este pedido pertence a outro cliente.',
  alreadyPaid: 'Este pedido já foi pago.',
  cancelled: 'Este pedido foi cancelado.',
  expired: 'Sua reserva expirou. Refaça o pedido para continuar.',
  nothingToPay: 'Este pedido não tem valor a pagar.',
  pixUnavailable: 'Não foi possível gerar o PIX agora. Tente novamente em instantes.',
  cardUnavailable: 'Não foi possível processar o pagamento agora. Tente novamente em instantes.',
  installmentsUnavailable: 'Parcelamento indisponível para este valor.',
  idempotencyConflict: 'Esta chave de idempotência já foi usada em outra tentativa de pagamento.',
  approved: 'Pagamento aprovado! Seus ingressos já estão em Meus Ingressos.',
  pending: 'Pagamento em análise. Você receberá um e-mail assim que for aprovado.',
  pixWaiting: 'Aguardando o pagamento do PIX.',
  refundRequired:
    'Sua reserva expirou e os ingressos não estão mais disponíveis. O valor pago será estornado integralmente.',
  invalidCard: CARD_INVALID_MESSAGE,
  declined: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
  webhookUnauthorized: 'Webhook não autorizado.',
  pspUnreachable: 'Não foi possível confirmar o pagamento agora.',
} as const;

/** Card decline details the gateway reports, in pt-BR, by detail code; anything else is a plain decline. */
export const CARD_DECLINE_MESSAGES: Readonly<Record<string, string>> = {
  cc_rejected_insufficient_amount:
    'Pagamento recusado: limite insuficiente. Tente outro cartão ou pague com PIX.',
  cc_rejected_bad_filled_security_code: 'Pagamento recusado: código de segurança inválido.',
  cc_rejected_bad_filled_date: 'Pagamento recusado: data de validade inválida.',
  cc_rejected_call_for_authorize:
    'Pagamento recusado: autorize a compra com o banco emissor do cartão e tente novamente.',
  invalid_token: CARD_INVALID_MESSAGE,
  token_used: CARD_INVALID_MESSAGE,
};

/** pt-BR answers of the sandbox PIX provider and card gateway (development stand-ins for the real ones). */
export const PAYMENT_SANDBOX_MESSAGES = {
  chargeNotFound: 'Cobrança não encontrada.',
  invalidSecretKey: 'Chave secreta inválida.',
} as const;
