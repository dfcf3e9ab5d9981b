/**
 * `plateia-cart-change`, once per change of the shared cart's item count or total, however
 * many buy buttons and cart bars the page has: from the buy button whose add made the
 * change, otherwise (the seat picker, the checkout, another tab) from the first cart bar
 * on the page. A page without a cart bar hears only its buy buttons' adds.
 */
import { $cartCount, $cartTotalCents } from '@plateia/core/stores/cart';
import { computed } from 'nanostores';
import { emit } from './events.ts';

/** The cart's item count and total in cents, as the cart bar shows them and the event carries them. */
export const $cartSummary = computed([$cartCount, $cartTotalCents], (count, totalCents) => ({
  count,
  totalCents,
}));

/** The cart bars on the page, in the order they connected. */
const bars = new Set<Element>();
/** The buy button whose add is running, if any. */
let origin: Element | null = null;
let unlisten: (() => void) | null = null;

function announce(summary: { count: number; totalCents: number }): void {
  const target = origin ?? bars.values().next().value;
  if (target) emit(target, 'plateia-cart-change', { ...summary });
}

/** A cart bar reports every change while connected; returns its teardown. */
export function reportCartChanges(bar: Element): () => void {
  bars.add(bar);
  unlisten ??= $cartSummary.listen(announce);
  return () => {
    bars.delete(bar);
    if (bars.size === 0) {
      unlisten?.();
      unlisten = null;
    }
  };
}

/** Runs a buy button's `change` to the cart; a change it makes is reported from `button`. */
export function changeCartFrom<T>(button: Element, change: () => T): T {
  origin = button;
  // Without a cart bar nothing listens: listen for this change alone.
  const once = unlisten ? null : $cartSummary.listen(announce);
  try {
    return change();
  } finally {
    origin = null;
    once?.();
  }
}
