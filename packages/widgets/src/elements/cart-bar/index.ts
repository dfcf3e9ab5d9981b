/**
 * `@plateia/widgets/cart-bar`: importing it registers `<plateia-cart-bar>`. The entry
 * exports the element only: the rules in `cart-bar.ts` stay internal, like the buy
 * button's.
 */
import { defineCartBar } from './cart-bar.element.ts';

defineCartBar();

export { CART_BAR_TAG, defineCartBar, PlateiaCartBar } from './cart-bar.element.ts';
