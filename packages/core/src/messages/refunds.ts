/**
 * pt-BR texts of refunds (docs/refunds.md): the policy's reasons shown before asking, the
 * refund states, the API host's answers and the storefront's labels.
 */
import { EVENT_NOT_FOUND } from './catalogue.ts';

/** Why a ticket may or may not be refunded now; shown before the customer confirms. */
export const REFUND_POLICY_MESSAGES = {
  within_window:
    'Você pode pedir o reembolso: a compra foi feita há até 7 dias e faltam mais de 48 horas para o evento. Devolvemos o valor do ingresso e a taxa de serviço.',
  event_cancelled:
    'O produtor cancelou este evento. Você tem direito ao reembolso integral, com a taxa de serviço.',
  event_changed:
    'O produtor alterou este evento. Você pode pedir o reembolso integral, com a taxa de serviço.',
  window_closed: 'O prazo de reembolso terminou: ele vale por 7 dias a partir da compra.',
  too_close_to_event: 'Não é possível pedir reembolso a menos de 48 horas do início do evento.',
  not_refundable: 'Este ingresso não pode ser reembolsado.',
} as const;

/** What the customer sees as a refund's state. */
export const REFUND_STATUS_LABELS = {
  requested: 'Reembolso solicitado',
  processing: 'Reembolso em processamento',
  refunded: 'Reembolsado',
  failed: 'Reembolso não realizado: vamos tentar novamente',
  needs_pix_key: 'Não conseguimos devolver para a conta de origem. Informe outra chave PIX.',
} as const;

/** Where the money goes back, as shown beside the amount. */
export const REFUND_METHOD_LABELS = {
  pix: 'PIX para a conta que pagou',
  card: 'Estorno no cartão',
  wallet: 'Saldo da carteira',
} as const;

/** pt-BR answers of the refund routes. */
export const REFUND_ANSWER_MESSAGES = {
  ticketNotFound: 'Ingresso não encontrado.',
  orderNotFound: 'Pedido não encontrado.',
  refundNotFound: 'Reembolso não encontrado.',
  forbidden: 'Este ingresso pertence a outro cliente.',
  orderForbidden: 'Este pedido pertence a outro cliente.',
  /** Another PIX key for a devolução, asked by someone who did not make that payment. */
  notYourPayment: 'Só quem fez este pagamento pode informar a chave PIX para a devolução.',
  buyerOnly: 'Só quem comprou o ingresso pode pedir o reembolso.',
  notPaid: 'Este pedido não foi pago.',
  nothingToRefund: 'Não há ingressos a reembolsar neste pedido.',
  listed: 'Retire o ingresso da revenda antes de pedir o reembolso.',
  pendingTransfer: 'Cancele a transferência pendente antes de pedir o reembolso.',
  pixKeyNotNeeded: 'Este reembolso não está aguardando outra chave PIX.',
  pixKeyInvalid: 'Chave PIX inválida. Use CPF, CNPJ, e-mail, telefone (+55…) ou chave aleatória.',
  eventNotFound: EVENT_NOT_FOUND,
  producerOnly: 'Somente o produtor do evento pode cancelá-lo.',
  eventAlreadyCancelled: 'Este evento já foi cancelado.',
  eventCancelled: 'Evento cancelado. Todos os ingressos válidos serão reembolsados, com a taxa de serviço.',
} as const;

/** The storefront's refund labels (Meus Ingressos and /compras). */
export const REFUND_UI_MESSAGES = {
  action: 'Solicitar reembolso',
  confirmTitle: 'Solicitar reembolso',
  amountLabel: 'Valor a devolver',
  feeIncluded: 'A taxa de serviço também é devolvida (CDC, art. 49).',
  voidWarning: 'Ao confirmar, este ingresso é cancelado na hora e o QR Code deixa de valer.',
  confirm: 'Confirmar reembolso',
  cancel: 'Voltar',
  sending: 'Solicitando...',
  done: 'Reembolso solicitado. Acompanhe o andamento neste ingresso.',
  pixKeyLabel: 'Outra chave PIX para receber o reembolso',
  pixKeySend: 'Enviar chave PIX',
  failed: 'Não foi possível solicitar o reembolso. Tente novamente.',
  loadFailed: 'Não foi possível carregar seus reembolsos.',
  pixKeySent: 'Chave PIX recebida. Enviamos o reembolso para ela.',
  pixKeyHint: 'CPF, CNPJ, e-mail, celular (+55…) ou chave aleatória.',
  refundedOn: 'Devolvido',
} as const;

/** "R$ 110,00 (taxa de serviço de R$ 10,00 incluída)". */
export function refundAmountText(amount: string, fee: string): string {
  return `${amount} (taxa de serviço de ${fee} incluída)`;
}
