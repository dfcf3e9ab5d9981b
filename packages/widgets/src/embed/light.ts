/**
 * The script-tag build's module for the two light elements, `<plateia-buy-button>` and
 * `<plateia-cart-bar>`: importing it registers both. A producer page usually shows them
 * together, and they share the light core, so one file (one gzip dictionary, one request)
 * carries them; the loader maps both tags here. Like every module of that build it is
 * loaded for its effect (registering elements), so it exports nothing.
 */
import '../elements/buy-button/index.ts';
import '../elements/cart-bar/index.ts';
