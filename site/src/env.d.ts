/// <reference types="astro/client" />

declare global {
  /** The API host's address, written by the layout before any island or widget loads. */
  var PLATEIA_API_URL: string | undefined;
}

export {};
