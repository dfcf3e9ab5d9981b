/** Password length rules of the storefront's sign-up and new-password forms. */

/** Shortest password the storefront accepts (the API host accepts 6; 8 is kinder to accounts). */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest password the new-password fields take. */
export const MAX_PASSWORD_LENGTH = 128;
