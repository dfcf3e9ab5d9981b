// @plateia/core public entry. Each domain adds its own export line.

export * from './api/client.ts';
export * from './crypto/md5.ts';
export * from './rules/document-number.ts';
export * from './rules/email.ts';
export * from './rules/price.ts';
export * from './stores/browser-storage.ts';
export * from './stores/error-log.ts';
export * from './stores/navigation.ts';
export * from './stores/session.ts';
export * from './stores/session-token.ts';
export * from './stores/toasts.ts';
export * from './stores/version.ts';
