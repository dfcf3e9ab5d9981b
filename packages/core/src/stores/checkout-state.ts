/**
 * Whether a checkout is under way (docs/core-buying.md): the light part of checkout that every page
 * keeps without the authenticated client (its texts are in messages/checkout.ts). The cart
 * bar and the header read it, the cart expiry counts from it, and the checkout actions
 * (stores/checkout.ts) set it. The start time lives in `plateia:checkoutStartedAt`, so a
 * reload or another tab sees the same checkout.
 */
import { computed } from 'nanostores';
import { persistentTime } from './browser-storage.ts';

/** When checkout started (epoch ms), in `plateia:checkoutStartedAt`; `null` outside checkout. */
export const $checkoutStartedAt = persistentTime('plateia:checkoutStartedAt');

/** Whether a checkout is under way (the header shows only help; the cart bar hides). */
export const $checkoutActive = computed($checkoutStartedAt, (startedAt) => startedAt !== null);
