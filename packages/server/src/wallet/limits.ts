/** The wallet's limits and windows (docs/wallet.md explains each choice). */

/** Smallest top-up: R$ 5,00 (below it the PIX is not worth the customer's trouble). */
export const TOPUP_MIN_CENTS = 500;
/** Largest top-up: R$ 5.000,00 (a cap on what one PIX can load; more takes more top-ups). */
export const TOPUP_MAX_CENTS = 500_000;
/** How long a top-up's PIX charge accepts payment. */
export const TOPUP_CHARGE_SECONDS = 30 * 60;
/** Only top-ups this recent are returned by devolução (the PSP's devolução window). */
export const RETURN_WINDOW_DAYS = 90;
/** How long a point-of-sale pay code stays valid. */
export const PAY_CODE_SECONDS = 10 * 60;
/** Statement page size when none is asked for, and the largest page. */
export const STATEMENT_PAGE = 20;
export const STATEMENT_PAGE_MAX = 100;
/** Top-up txids start with this; order charges use 'PLT' followed by hex digits only. */
export const TOPUP_TXID_PREFIX = 'PLTW';
