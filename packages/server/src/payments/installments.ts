/**
 * Credit-card installments ("parcelas"), interest-free: core's rule, the one the checkout
 * shows, so the card configuration route (the options a buyer sees) and the card payment
 * route (what it accepts) charge exactly the label shown.
 */
export {
  type InstallmentOption,
  installmentOptions,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENT_CENTS,
  splitInstallments,
} from '@plateia/core/rules/installments';

/** Cents as pt-BR money: "R$ 1.234,56" (thousands dot, decimal comma, plain space). */
export function formatBrl(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}R$ ${reais},${String(abs % 100).padStart(2, '0')}`;
}
