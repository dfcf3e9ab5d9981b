/**
 * Credit-card installments ("parcelas"), interest-free. One pure rule shared by the card
 * configuration route (the options a buyer sees) and the card payment route (what it
 * accepts), so the label shown is always the one charged.
 */

/** The most installments a card purchase may be split into. */
export const MAX_INSTALLMENTS = 12;
/** The smallest installment allowed: R$ 5,00. A total below it can still be paid in 1x. */
export const MIN_INSTALLMENT_CENTS = 500;

/** One way of splitting a total. */
export interface InstallmentOption {
  installments: number;
  /** Each installment but the last, rounded up to the cent. */
  installmentCents: number;
  /** The last installment: what is left, never more than the others. */
  lastInstallmentCents: number;
  /** The total charged: always the order total (no interest, no rounding surplus). */
  totalCents: number;
  /** pt-BR label, e.g. "3x de R$ 33,34". */
  label: string;
}

/** Cents as pt-BR money: "R$ 1.234,56" (thousands dot, decimal comma, plain space). */
export function formatBrl(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Splits `totalCents` into `count` installments. Each is the total divided by the count
 * rounded UP to the cent, so the advertised installment times the count always covers the
 * total; the last one absorbs the difference (R$ 100,00 in 3x: 33,34 + 33,34 + 33,32).
 * Returns null when the split is not allowed: fewer than 1 or more than 12 installments,
 * or an installment below R$ 5,00 (1x is always allowed for a positive total).
 */
export function splitInstallments(totalCents: number, count: number): InstallmentOption | null {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) return null;
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) return null;
  if (count > 1 && totalCents < count * MIN_INSTALLMENT_CENTS) return null;
  const installmentCents = Math.ceil(totalCents / count);
  const lastInstallmentCents = totalCents - installmentCents * (count - 1);
  return {
    installments: count,
    installmentCents,
    lastInstallmentCents,
    totalCents,
    label: `${count}x de ${formatBrl(installmentCents)}`,
  };
}

/** Every allowed split of a total, 1x first. Empty for a total that is not positive. */
export function installmentOptions(totalCents: number): InstallmentOption[] {
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= MAX_INSTALLMENTS; count++) {
    const option = splitInstallments(totalCents, count);
    if (option) options.push(option);
  }
  return options;
}
