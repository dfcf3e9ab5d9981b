/**
 * `@plateia/widgets/checkout`: importing it registers `<plateia-checkout>`.
 * The React component is exported too for React hosts that render it themselves.
 */
import { defineCheckout } from './checkout.element.ts';

defineCheckout();

export {
  CHECKOUT_TAG,
  defineCheckout,
  PlateiaCheckout,
  type PlateiaCheckoutCompleteDetail,
  type PlateiaCheckoutStartDetail,
} from './checkout.element.ts';
export { Checkout, type CheckoutProps } from './checkout.tsx';
