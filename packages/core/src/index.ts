// @plateia/core public entry. Each domain adds its own export line.

export * from './api/buying.ts';
export * from './api/client.ts';
export * from './crypto/md5.ts';
export * from './rules/cart.ts';
export * from './rules/checkout.ts';
export * from './rules/document-number.ts';
export * from './rules/email.ts';
export * from './rules/expiry.ts';
export * from './rules/installments.ts';
export * from './rules/price.ts';
export * from './rules/reservation.ts';
export * from './rules/seat-flow.ts';
export * from './stores/browser-storage.ts';
export * from './stores/cart.ts';
export * from './stores/catalogue.ts';
export * from './stores/checkout.ts';
export * from './stores/error-log.ts';
export * from './stores/navigation.ts';
export * from './stores/payment.ts';
export * from './stores/seats.ts';
export * from './stores/session.ts';
export * from './stores/session-token.ts';
export * from './stores/toasts.ts';
export * from './stores/version.ts';
