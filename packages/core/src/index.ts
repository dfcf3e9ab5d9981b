// @plateia/core public entry. Each domain adds its own export line.
export * from './rules/price.ts';
