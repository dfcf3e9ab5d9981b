/** What the sandbox gateway knows about cards: validity, brands, and its test conventions. */
import type { CardChargeStatus } from '../../payments/card/gateway.ts';

/** Outcomes by the first word of the cardholder name (Mercado Pago's test names). */
export const SANDBOX_HOLDER_OUTCOMES: Record<string, { status: CardChargeStatus; detail: string }> = {
  APRO: { status: 'approved', detail: 'accredited' },
  OTHE: { status: 'declined', detail: 'cc_rejected_other_reason' },
  CONT: { status: 'pending', detail: 'pending_contingency' },
  CALL: { status: 'declined', detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'declined', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'declined', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'declined', detail: 'cc_rejected_bad_filled_date' },
};

/** Documented test card numbers (any Luhn-valid number works; these are the usual ones). */
export const SANDBOX_TEST_CARDS = {
  mastercard: '5031433215406351',
  visa: '4235647728025682',
  amex: '375365153556885',
  elo: '5067766783888311',
} as const;

/** True when the digits pass the Luhn check. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card brand from its number prefix. */
export function cardBrand(digits: string): string {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|509|6277|6362|6363|650|6516|6550)/.test(digits))
    return 'elo';
  if (/^(606282|3841)/.test(digits)) return 'hipercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7]|50)/.test(digits)) return 'mastercard';
  return 'desconhecida';
}

/** The outcome a charge gets from its cardholder name; unknown names approve. */
export function holderOutcome(holder: string): { status: CardChargeStatus; detail: string } {
  return SANDBOX_HOLDER_OUTCOMES[holder.split(/\s+/)[0]!.toUpperCase()] ?? SANDBOX_HOLDER_OUTCOMES.APRO!;
}
