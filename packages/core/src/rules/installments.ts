/**
 * Card installments ("parcelas", docs/payments.md): 1 to 12, interest-free, each at least
 * the gateway's minimum. The API host's card routes import this rule, so the label a
 * buyer picks is the amount billed: each installment is the total divided by the count
 * rounded up to the cent, the last one takes what is left (R$ 100,00 in 3x: "3x de
 * R$ 33,34").
 */
import { formatCents } from '../format/money.ts';

/** Most installments a card purchase may be split into. */
export const MAX_INSTALLMENTS = 12;

/** Smallest installment, in cents (R$ 5,00); a total below it is still payable in 1x. */
export const MIN_INSTALLMENT_CENTS = 500;

/** Limits that `GET /payments/card/config` may override. */
export interface InstallmentLimits {
  maxInstallments?: number;
  minInstallmentCents?: number;
}

/** One way of splitting a total. */
export interface InstallmentOption {
  installments: number;
  /** Each installment but the last. */
  installmentCents: number;
  /** The last installment (never more than the others). */
  lastInstallmentCents: number;
  totalCents: number;
  /** pt-BR label, e.g. "3x de R$ 33,34". */
  label: string;
}

/** The label for `count` installments of `installmentCents`: "3x de R$ 33,34". */
export function installmentLabel(count: number, installmentCents: number): string {
  return `${count}x de ${formatCents(installmentCents)}`;
}

/** Splits a total into `count` installments, or `null` when that split is not allowed. */
export function splitInstallments(
  totalCents: number,
  count: number,
  limits: InstallmentLimits = {},
): InstallmentOption | null {
  const max = limits.maxInstallments ?? MAX_INSTALLMENTS;
  const min = limits.minInstallmentCents ?? MIN_INSTALLMENT_CENTS;
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) return null;
  if (!Number.isInteger(count) || count < 1 || count > max) return null;
  if (count > 1 && totalCents < count * min) return null;
  const installmentCents = Math.ceil(totalCents / count);
  return {
    installments: count,
    installmentCents,
    lastInstallmentCents: totalCents - installmentCents * (count - 1),
    totalCents,
    label: installmentLabel(count, installmentCents),
  };
}

/** Every allowed split of a total, 1x first; empty for a total that is not positive. */
export function installmentOptions(totalCents: number, limits: InstallmentLimits = {}): InstallmentOption[] {
  const options: InstallmentOption[] = [];
  const max = limits.maxInstallments ?? MAX_INSTALLMENTS;
  for (let count = 1; count <= max; count++) {
    const option = splitInstallments(totalCents, count, limits);
    if (option) options.push(option);
  }
  return options;
}
