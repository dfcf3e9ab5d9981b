import { CART_BAR_MESSAGES } from '@plateia/core/messages/cart-bar';
import { $cartEventId, $cartHasItems, $cartPixel } from '@plateia/core/stores/cart';
import { $cartExpiresAt, $checkoutActive, watchCartExpiry } from '@plateia/core/stores/cart-expiry';
import { trackEventPixel } from '@plateia/core/stores/catalogue';
import { navigate } from '@plateia/core/stores/navigation';
import { $cartSummary, reportCartChanges } from '../../shared/cart-change.ts';
import type { PlateiaCartChangeDetail } from '../../shared/events.ts';
import { defineLightElement, h, LightElement, setOrRemove } from '../../shared/light-element.ts';
import cartBarCss from './cart-bar.css?inline';
import { cartBarTotal, checkoutUrl, isHiddenPath } from './cart-bar.ts';

/** Tag name of the cart bar. */
export const CART_BAR_TAG = 'plateia-cart-bar';

/**
 * The spec's sticky bottom cart bar: shown when the cart has items, no checkout has
 * started and the page is not a checkout page (`/checkout/…`, or a path prefix listed in
 * `hidden-on`). It shows the item count (tickets plus products), the total with "+taxa"
 * and "Finalizar Compra", which records a hit on the first item's event pixel and goes to
 * `checkout-url`. It follows the shared cart, also when another tab changes it.
 *
 * @tag plateia-cart-bar
 * @summary The sticky bottom cart bar with "Finalizar Compra".
 *
 * @attr {string} checkout-url - Where "Finalizar Compra" goes; `{eventId}` becomes the first item's event. Default `/checkout/{eventId}`.
 * @attr {string} hidden-on - Space-separated path prefixes where the bar stays hidden, besides `/checkout/`.
 *
 * @fires {CustomEvent<PlateiaCartChangeDetail>} plateia-cart-change - The cart changed (the seat picker, the checkout, another tab); `detail` has the count and total in cents. Once per change on the page: a buy button's add fires from that button, and with several bars only the first fires.
 *
 * @csspart base - The bar (a `<section>` landmark named "Carrinho").
 * @csspart count - The item count ("2 itens").
 * @csspart total - The total ("R$ 90,00 +taxa").
 * @csspart checkout-button - "Finalizar Compra".
 *
 * @cssprop [--plateia-accent=#8b5cf6] - Button color and focus ring.
 * @cssprop [--plateia-accent-fg=#ffffff] - Button text.
 * @cssprop [--plateia-bg=#15151c] - Bar background.
 * @cssprop [--plateia-fg=#f4f4f6] - Text color.
 * @cssprop [--plateia-muted=#a1a1b0] - The count and "+taxa".
 * @cssprop [--plateia-border=#34343f] - Top border.
 * @cssprop [--plateia-radius=12px] - Button corner radius.
 * @cssprop [--plateia-font=system-ui] - Font family.
 * @cssprop [--plateia-cart-bar-z-index=1000] - Stacking order of the fixed bar.
 */
export class PlateiaCartBar extends LightElement {
  /** Attributes that rebuild the element when they change. */
  static observedAttributes = ['checkout-url', 'hidden-on'];

  #base!: HTMLElement;

  constructor() {
    super(cartBarCss);
  }

  /** Where "Finalizar Compra" goes; mirrors `checkout-url`. */
  get checkoutUrl(): string | null {
    return this.getAttribute('checkout-url');
  }
  set checkoutUrl(value: string | null) {
    setOrRemove(this, 'checkout-url', value);
  }

  /** Extra path prefixes where the bar hides; mirrors `hidden-on`. */
  get hiddenOn(): string | null {
    return this.getAttribute('hidden-on');
  }
  set hiddenOn(value: string | null) {
    setOrRemove(this, 'hidden-on', value);
  }

  /** Whether the bar is on screen now. */
  get visible(): boolean {
    return !this.#base.hidden;
  }

  protected mount(): void {
    const count = h('span', { part: 'count' });
    const total = h('span', { part: 'total' });
    const button = h(
      'button',
      { part: 'checkout-button', class: 'button checkout', type: 'button' },
      CART_BAR_MESSAGES.checkout,
    );
    this.#base = h(
      'section',
      { part: 'base', class: 'bar', 'aria-label': CART_BAR_MESSAGES.region, hidden: '' },
      h('p', { class: 'summary' }, count, total),
      button,
    );
    this.root.append(this.#base);
    button.addEventListener('click', () => this.#checkout());

    const signal = this.signal;
    // Redraws on a page change, and below on a change of the cart or the checkout state.
    const update = () => this.#update();
    window.addEventListener('popstate', update, { signal });
    // Single-page hosts move with the Navigation API where it exists (pushState fires nothing else).
    const navigation = (globalThis as { navigation?: EventTarget }).navigation;
    navigation?.addEventListener('navigatesuccess', update, { signal });

    this.keep($checkoutActive.subscribe(update));
    this.keep($cartHasItems.subscribe(update));
    this.keep(
      $cartSummary.subscribe((summary) => {
        count.textContent = CART_BAR_MESSAGES.items(summary.count);
        total.textContent = cartBarTotal(summary.totalCents);
      }),
    );
    // Every change, whoever made it, fires one `plateia-cart-change` (src/shared/cart-change.ts).
    this.keep(reportCartChanges(this));
    // Watching the cart starts its 15-minute expiry timer (core's cart-expiry), unless
    // something on the page watched the cart before that module was loaded: then the bar
    // starts it.
    if ($cartExpiresAt.lc === 0) this.keep(watchCartExpiry());
  }

  /** The spec's rule: items in the cart, no checkout started, not a checkout page. */
  #update(): void {
    this.#base.hidden =
      !$cartHasItems.get() ||
      $checkoutActive.get() ||
      isHiddenPath(globalThis.location?.pathname ?? '/', this.hiddenOn);
  }

  #checkout(): void {
    const eventId = $cartEventId.get();
    if (eventId === null) return;
    void trackEventPixel($cartPixel.get(), eventId);
    navigate(checkoutUrl(this.checkoutUrl, eventId));
  }
}

/** `detail` type of this element's event. */
export type { PlateiaCartChangeDetail };

declare global {
  interface HTMLElementTagNameMap {
    'plateia-cart-bar': PlateiaCartBar;
  }
}

/** Registers `<plateia-cart-bar>` (once; a no-op on the server). */
export function defineCartBar(): void {
  defineLightElement(CART_BAR_TAG, PlateiaCartBar);
}
