/**
 * pt-BR answers of the API host's abuse limits (docs/security.md, "Abuse limits"): login
 * back-off, busy password hashing, seat-hold caps and card attempts.
 */

/** pt-BR answers of the abuse limits, by limit. */
export const RATE_LIMIT_MESSAGES = {
  /** Too many wrong passwords for one e-mail: the account backs off. */
  loginBackoff: 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.',
  /** Password checks are queued past their bound (the host is busy). */
  loginBusy: 'Muitos acessos ao mesmo tempo. Tente novamente em instantes.',
  /** Too many seat holds from one address or browser in a short time. */
  seatHoldTooFast: 'Muitas reservas de assento em pouco tempo. Aguarde um momento e tente novamente.',
  /** One browser or account already holds the most seats allowed for the event. */
  seatHoldHolderCap: (max: number) =>
    `Você já está segurando ${max} assentos neste evento. Finalize a compra ou libere algum assento.`,
  /** One address already holds the most seats allowed for the event. */
  seatHoldAddressCap:
    'Muitos assentos estão reservados a partir da sua conexão para este evento. Entre na sua conta ou tente mais tarde.',
  /** The holder has held this seat for the longest time allowed. */
  seatHoldTimeCap:
    'O tempo máximo de reserva deste assento terminou. Finalize a compra ou escolha outro assento.',
  /** Too many wrong coupon codes from one account or address: wait. */
  couponBackoff:
    'Muitos cupons inválidos em pouco tempo. Aguarde alguns minutos antes de tentar outro cupom.',
  /** Too many declined card attempts (per order, customer or address): wait. */
  cardBackoff:
    'Muitas tentativas de pagamento recusadas. Aguarde alguns minutos antes de tentar novamente ou pague com PIX.',
} as const;
