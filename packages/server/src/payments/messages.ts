/** pt-BR texts the payment routes answer with. */
export const PAYMENT_MESSAGES = {
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
  invalidCard: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
  declined: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão ou pague com PIX.',
  webhookUnauthorized: 'Webhook não autorizado.',
  pspUnreachable: 'Não foi possível confirmar o pagamento agora.',
} as const;

/** Card decline details the gateway reports, in pt-BR; anything else is a plain decline. */
const declineMessages: Record<string, string> = {
  cc_rejected_insufficient_amount:
    'Pagamento recusado: limite insuficiente. Tente outro cartão ou pague com PIX.',
  cc_rejected_bad_filled_security_code: 'Pagamento recusado: código de segurança inválido.',
  cc_rejected_bad_filled_date: 'Pagamento recusado: data de validade inválida.',
  cc_rejected_call_for_authorize:
    'Pagamento recusado: autorize a compra com o banco emissor do cartão e tente novamente.',
  invalid_token: PAYMENT_MESSAGES.invalidCard,
  token_used: PAYMENT_MESSAGES.invalidCard,
};

/** The pt-BR message for a card outcome. */
export function cardMessage(status: string, detail: string | null): string {
  if (status === 'approved') return PAYMENT_MESSAGES.approved;
  if (status === 'pending') return PAYMENT_MESSAGES.pending;
  if (status === 'refund_required') return PAYMENT_MESSAGES.refundRequired;
  return declineMessages[detail ?? ''] ?? PAYMENT_MESSAGES.declined;
}
