import { CARD_DECLINE_MESSAGES, PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';

/** The pt-BR message for a card outcome (texts in core's messages/payments.ts). */
export function cardMessage(status: string, detail: string | null): string {
  if (status === 'approved') return PAYMENT_ANSWER_MESSAGES.approved;
  if (status === 'pending') return PAYMENT_ANSWER_MESSAGES.pending;
  if (status === 'refund_required') return PAYMENT_ANSWER_MESSAGES.refundRequired;
  return CARD_DECLINE_MESSAGES[detail ?? ''] ?? PAYMENT_ANSWER_MESSAGES.declined;
}
