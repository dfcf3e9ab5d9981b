/**
 * The script-tag build's module for the two light elements, `<plateia-buy-button>` and
 * `<plateia-cart-bar>`: importing it registers both. A producer page usually shows them
 * together, and they share the light core, so one file (one gzip dictionary, one request)
 * carries them; the loader maps both tags here.
 */
export { BUY_BUTTON_TAG, defineBuyButton, PlateiaBuyButton } from '../elements/buy-button/index.ts';
export { CART_BAR_TAG, defineCartBar, PlateiaCartBar } from '../elements/cart-bar/index.ts';
