/**
 * `@plateia/widgets`: every Plateia element. Importing this entry registers all of them;
 * import a single element's entry (`@plateia/widgets/login`) to register only that one.
 */

export {
  BUY_BUTTON_TAG,
  defineBuyButton,
  PlateiaBuyButton,
  type PlateiaCartChangeDetail,
} from './elements/buy-button/index.ts';
export { CART_BAR_TAG, defineCartBar, PlateiaCartBar } from './elements/cart-bar/index.ts';
export {
  CHECKOUT_TAG,
  Checkout,
  type CheckoutProps,
  defineCheckout,
  PlateiaCheckout,
  type PlateiaCheckoutCompleteDetail,
  type PlateiaCheckoutStartDetail,
} from './elements/checkout/index.ts';
export * from './elements/login/index.ts';
export {
  defineSeatPicker,
  PlateiaSeatPicker,
  SEAT_PICKER_TAG,
  SeatPicker,
  type SeatPickerProps,
} from './elements/seat-picker/index.ts';
export { type LoadPlateiaOptions, loadPlateia } from './embed/load-plateia.ts';
export type { PlateiaLoader } from './embed/loader.ts';
export {
  type AttributeType,
  defineElement,
  type ElementDefinition,
  type ElementHostProps,
  elementClass,
} from './shared/define-element.ts';
export * from './shared/events.ts';
