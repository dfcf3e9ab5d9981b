/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates when the island comes near the viewport or at the first interaction (src/directives/near.ts). */
    'client:near'?: boolean;
  }
}

declare global {
  /** The API host's address, written by the layout before any island or widget loads. */
  var PLATEIA_API_URL: string | undefined;
}

export {};
