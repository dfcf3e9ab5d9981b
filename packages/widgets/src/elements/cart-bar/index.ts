/**
 * `@plateia/widgets/cart-bar`: importing it registers `<plateia-cart-bar>`.
 */
import { defineCartBar } from './cart-bar.element.ts';

defineCartBar();

export { CART_BAR_TAG, defineCartBar, PlateiaCartBar } from './cart-bar.element.ts';
export {
  CART_BAR_MESSAGES,
  type CartBarState,
  CHECKOUT_PATH_PREFIX,
  cartBarTotal,
  checkoutUrl,
  DEFAULT_CHECKOUT_URL,
  isCartBarVisible,
  isHiddenPath,
} from './cart-bar.ts';
