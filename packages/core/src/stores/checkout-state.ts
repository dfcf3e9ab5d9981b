/**
 * Whether a checkout is under way (spec §4), and checkout's own pt-BR texts: the light
 * part of checkout that every page keeps without the authenticated client. The cart bar
 * and the header read it, the cart expiry counts from it, and the checkout actions
 * (stores/checkout.ts) set it. The start time lives in `plateia:checkoutStartedAt`, so a
 * reload or another tab sees the same checkout.
 */
import { computed } from 'nanostores';
import { persistentTime } from './browser-storage.ts';

/** pt-BR messages of checkout that the spec leaves open (decided in docs/core-buying.md). */
export const CHECKOUT_MESSAGES = {
  emptyCart: 'Seu carrinho está vazio',
  loginRequired: 'Para finalizar a compra, acesse sua conta',
  expired: 'O tempo para finalizar a compra acabou e seu carrinho foi esvaziado.',
} as const;

/** When checkout started (epoch ms), in `plateia:checkoutStartedAt`; `null` outside checkout. */
export const $checkoutStartedAt = persistentTime('plateia:checkoutStartedAt');

/** Whether a checkout is under way (the header shows only help; the cart bar hides). */
export const $checkoutActive = computed($checkoutStartedAt, (startedAt) => startedAt !== null);
