import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The API host and the storefront, replaced at build time (vite.config.ts). */
declare global {
  const __PLATEIA_API__: string;
  const __PLATEIA_SITE__: string;
  var PLATEIA_SITE_URL: string | undefined;
}

type ElementProps<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

/** The Plateia tags in JSX, with their attributes (custom-elements.json). */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'plateia-buy-button': ElementProps<{ 'event-id': string; 'ticket-type-id'?: string; label?: string }>;
      'plateia-cart-bar': ElementProps<{ 'checkout-url'?: string; 'hidden-on'?: string }>;
      'plateia-checkout': ElementProps<{
        'event-id'?: string;
        'signup-url'?: string;
        'tickets-url'?: string;
      }>;
      'plateia-login': ElementProps<{ open?: boolean; 'signup-url'?: string }>;
      'plateia-seat-picker': ElementProps<{ 'event-id': string }>;
    }
  }
}
