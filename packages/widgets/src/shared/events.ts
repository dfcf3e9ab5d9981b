/**
 * The DOM events of the Plateia elements: one typed `CustomEvent` per name, all bubbling
 * and composed, so a listener on `document` hears them from inside any shadow root.
 */
import type { User } from '@plateia/core/stores/session';

/**
 * `detail` of `plateia-login`: on the storefront, the customer who just logged in; on a
 * producer's page, only their id and first name (docs/security.md).
 */
export type PlateiaLoginDetail = StorefrontLoginDetail | EmbedLoginDetail;

/** `plateia-login` on the storefront. */
export interface StorefrontLoginDetail {
  /** The logged-in customer as stored by `@plateia/core`. */
  user: User;
}

/** `plateia-login` on a producer's page: nothing personal beyond the first name. */
export interface EmbedLoginDetail {
  id: number;
  firstName: string;
}

/** `detail` of `plateia-login-open`: optional e-mail to prefill. */
export interface PlateiaLoginOpenDetail {
  /** E-mail written into the dialog's e-mail field when given. */
  email?: string;
}

/** `detail` of `plateia-error`: something a person should know went wrong. */
export interface PlateiaErrorDetail {
  /** pt-BR text to show. */
  message: string;
  /** The underlying error, for logs. */
  cause?: unknown;
}

/** `detail` of `plateia-cart-change`: the shared cart after the change. */
export interface PlateiaCartChangeDetail {
  /** Tickets plus products (the cart bar's count). */
  count: number;
  /** Tickets and products in cents, before the service fee. */
  totalCents: number;
}

/** `detail` of `plateia-seat-picker-open`: the event whose seats should be chosen. */
export interface PlateiaSeatPickerOpenDetail {
  /** The event's id, as given to the buy button's `event-id`. */
  eventId: string;
}

/** `detail` of `plateia-checkout-start`: the order the reservation opened. */
export interface PlateiaCheckoutStartDetail {
  /** The event being bought. */
  eventId: string;
  /** The reserved order's id. */
  orderId: string;
  /** The order number shown to the customer. */
  orderNumber: string;
  /** What is due, service fee and discount included, in cents. */
  totalCents: number;
}

/** `detail` of `plateia-checkout-complete`: the order that was paid. */
export interface PlateiaCheckoutCompleteDetail {
  /** The paid order's id. */
  orderId: string;
  /** How it was paid. */
  method: 'pix' | 'card' | null;
}

/**
 * Every Plateia event name and its `detail` type. Elements add their events here, so
 * {@link emit} and `addEventListener` are typed from one place.
 */
export interface PlateiaEventDetails {
  /** Fired by `<plateia-login>` when the session goes from logged out to logged in. */
  'plateia-login': PlateiaLoginDetail;
  /** Fired by `<plateia-login>` when the session ends. */
  'plateia-logout': Record<string, never>;
  /** Dispatched on `document` by anyone who wants the login dialog opened. */
  'plateia-login-open': PlateiaLoginOpenDetail;
  /** Fired when an element (or the loader fetching one) fails in a way the page may report. */
  'plateia-error': PlateiaErrorDetail;
  /** Fired by `<plateia-buy-button>` after it changed the cart, and by `<plateia-cart-bar>` on any cart change. */
  'plateia-cart-change': PlateiaCartChangeDetail;
  /** Dispatched on `document` by `<plateia-buy-button>` for a seated event; cancel it to open your own picker. */
  'plateia-seat-picker-open': PlateiaSeatPickerOpenDetail;
  /** Fired by `<plateia-checkout>` when the reservation opened an order to pay. */
  'plateia-checkout-start': PlateiaCheckoutStartDetail;
  /** Fired by `<plateia-checkout>` when the order is paid. */
  'plateia-checkout-complete': PlateiaCheckoutCompleteDetail;
}

/** Name of any Plateia DOM event. */
export type PlateiaEventName = keyof PlateiaEventDetails;

/** The event object for a Plateia event name. */
export type PlateiaEvent<Name extends PlateiaEventName> = CustomEvent<PlateiaEventDetails[Name]>;

/** `plateia-login` event. */
export type PlateiaLoginEvent = PlateiaEvent<'plateia-login'>;
/** `plateia-logout` event. */
export type PlateiaLogoutEvent = PlateiaEvent<'plateia-logout'>;
/** `plateia-login-open` event. */
export type PlateiaLoginOpenEvent = PlateiaEvent<'plateia-login-open'>;
/** `plateia-error` event. */
export type PlateiaErrorEvent = PlateiaEvent<'plateia-error'>;
/** `plateia-cart-change` event. */
export type PlateiaCartChangeEvent = PlateiaEvent<'plateia-cart-change'>;
/** `plateia-seat-picker-open` event. */
export type PlateiaSeatPickerOpenEvent = PlateiaEvent<'plateia-seat-picker-open'>;
/** `plateia-checkout-start` event. */
export type PlateiaCheckoutStartEvent = PlateiaEvent<'plateia-checkout-start'>;
/** `plateia-checkout-complete` event. */
export type PlateiaCheckoutCompleteEvent = PlateiaEvent<'plateia-checkout-complete'>;

declare global {
  interface GlobalEventHandlersEventMap {
    'plateia-login': PlateiaLoginEvent;
    'plateia-logout': PlateiaLogoutEvent;
    'plateia-login-open': PlateiaLoginOpenEvent;
    'plateia-error': PlateiaErrorEvent;
    'plateia-cart-change': PlateiaCartChangeEvent;
    'plateia-seat-picker-open': PlateiaSeatPickerOpenEvent;
    'plateia-checkout-start': PlateiaCheckoutStartEvent;
    'plateia-checkout-complete': PlateiaCheckoutCompleteEvent;
  }
}

/**
 * Dispatches a Plateia event from `target`, bubbling and composed (it crosses shadow
 * roots and is retargeted to the host element). Returns false when a listener called
 * `preventDefault()`.
 */
export function emit<Name extends PlateiaEventName>(
  target: EventTarget,
  type: Name,
  detail: PlateiaEventDetails[Name],
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable: true }),
  );
}
