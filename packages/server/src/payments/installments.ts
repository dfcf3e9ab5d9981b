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
