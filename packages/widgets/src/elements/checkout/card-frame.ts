/**
 * Card entry on a producer's page (docs/widgets-checkout.md "Card entry on other sites",
 * docs/security.md "Card entry"): when the checkout runs on a page whose origin is not the
 * storefront's, the card number, name, expiry and CVV are typed only in an iframe of the
 * storefront (`/pagamento/cartao`), which loads the gateway's tokeniser on the Plateia
 * origin and hands the checkout a single-use token. The two sides talk with `postMessage`,
 * each checking the other's origin and window and the frame's nonce on every message.
 *
 * This file has no dependency beyond the tokeniser's types and `shared/storefront-origin.ts`:
 * the storefront's frame page imports it too.
 */

import { storefrontPageUrl } from '../../shared/storefront-origin.ts';
import type { CardToken } from './card-tokenizer.ts';

/** The storefront's card frame page. */
export const CARD_FRAME_PATH = '/pagamento/cartao';
/** The frame's accessible name (its `title`). */
export const CARD_FRAME_TITLE = 'Dados do cartão';
/** How long the checkout waits for the frame's answer to a tokenize request (ms). */
export const CARD_FRAME_TIMEOUT_MS = 60_000;
/** Shown when the frame does not answer in time or is gone. */
export const CARD_FRAME_NO_ANSWER = 'O formulário do cartão não respondeu. Tente novamente ou pague com PIX.';

/** Checkout → frame: tokenize what the buyer typed. */
export interface CardTokenizeRequest {
  type: 'plateia:card-tokenize';
  nonce: string;
  installments?: number;
}

/** Frame → checkout messages. */
export type CardFrameMessage =
  /** The frame is listening (sent once it has loaded). */
  | { type: 'plateia:card-ready'; nonce: string }
  /** The frame's content height in CSS pixels, so the iframe shows it whole. */
  | { type: 'plateia:card-size'; nonce: string; height: number }
  /** The buyer pressed Enter in a card field: the checkout pays as with its button. */
  | { type: 'plateia:card-submit'; nonce: string }
  /** The answer to a tokenize request: the single-use token. */
  | ({ type: 'plateia:card-token'; nonce: string } & CardToken)
  /** The answer to a tokenize request: why there is no token (pt-BR, shown by the checkout). */
  | { type: 'plateia:card-error'; nonce: string; message: string };

/** The frame's address for a checkout on `parentOrigin`. */
export function cardFrameUrl(storefront: string, parentOrigin: string, nonce: string): string {
  return storefrontPageUrl(storefront, CARD_FRAME_PATH, parentOrigin, nonce);
}

/** Who a message must come from to be read. */
export interface MessagePeer {
  /** The other side's window (`iframe.contentWindow`, or `window.parent`). */
  source: MessageEventSource | null;
  /** Its origin, exactly. */
  origin: string;
  /** The frame's nonce. */
  nonce: string;
}

/**
 * The message's data when it comes from `peer` (origin, window and nonce all match) and is
 * one of this protocol's; `null` otherwise, which the caller ignores.
 */
export function messageFrom<T extends { type: string; nonce: string }>(
  event: MessageEvent,
  peer: MessagePeer,
): T | null {
  if (event.origin !== peer.origin || !peer.source || event.source !== peer.source) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, nonce } = data as { type?: unknown; nonce?: unknown };
  if (typeof type !== 'string' || !type.startsWith('plateia:card-') || nonce !== peer.nonce) return null;
  return data as T;
}

/** What {@link requestCardToken} needs. */
export interface TokenRequest extends MessagePeer {
  /** The frame's window to post to. */
  frame: Window;
  installments?: number;
  /** Where answers arrive (the checkout's window). */
  target?: Window;
  timeoutMs?: number;
}

/**
 * Asks the frame for a token: posts `plateia:card-tokenize` to the storefront's origin
 * only and resolves with the frame's `plateia:card-token`; rejects with the pt-BR message
 * of its `plateia:card-error`, or {@link CARD_FRAME_NO_ANSWER} after `timeoutMs`.
 */
export function requestCardToken({
  frame,
  source,
  origin,
  nonce,
  installments,
  target = window,
  timeoutMs = CARD_FRAME_TIMEOUT_MS,
}: TokenRequest): Promise<CardToken> {
  return new Promise<CardToken>((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      target.removeEventListener('message', listen);
    };
    const listen = (event: MessageEvent): void => {
      const data = messageFrom<CardFrameMessage>(event, { source, origin, nonce });
      if (data?.type === 'plateia:card-token') {
        done();
        if (typeof data.token === 'string' && data.token) {
          resolve({ token: data.token, brand: data.brand, last4: data.last4 });
        } else reject(new Error(CARD_FRAME_NO_ANSWER));
      } else if (data?.type === 'plateia:card-error') {
        done();
        reject(
          new Error(typeof data.message === 'string' && data.message ? data.message : CARD_FRAME_NO_ANSWER),
        );
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(CARD_FRAME_NO_ANSWER));
    }, timeoutMs);
    target.addEventListener('message', listen);
    const request: CardTokenizeRequest = { type: 'plateia:card-tokenize', nonce, installments };
    frame.postMessage(request, origin);
  });
}

/** What {@link serveCardFrame} needs: the frame page's side. */
export interface CardFrameHost {
  /** The checkout's window (`window.parent`). */
  parent: Window;
  /** The checkout page's origin, from the frame's `?origin=`. */
  parentOrigin: string;
  nonce: string;
  /** Validates and tokenizes what was typed; throws an `Error` with a pt-BR message. */
  tokenize: (installments: number | undefined) => Promise<CardToken>;
  /** Where requests arrive (the frame's window). */
  target?: Window;
}

/**
 * Answers the checkout's tokenize requests, each only when it comes from `parent` on
 * `parentOrigin` with the nonce, and only to `parentOrigin` (a page that framed us under
 * another origin's name receives nothing). Announces itself with `plateia:card-ready`.
 * Returns `post` for the frame's other messages and `stop`.
 */
export function serveCardFrame({ parent, parentOrigin, nonce, tokenize, target = window }: CardFrameHost): {
  post: (message: CardFrameMessage) => void;
  stop: () => void;
} {
  const post = (message: CardFrameMessage): void => parent.postMessage(message, parentOrigin);
  let busy = false;
  const listen = (event: MessageEvent): void => {
    const data = messageFrom<CardTokenizeRequest>(event, { source: parent, origin: parentOrigin, nonce });
    if (data?.type !== 'plateia:card-tokenize' || busy) return;
    const installments =
      typeof data.installments === 'number' && Number.isInteger(data.installments)
        ? data.installments
        : undefined;
    busy = true;
    tokenize(installments)
      .then(
        ({ token, brand, last4 }) => post({ type: 'plateia:card-token', nonce, token, brand, last4 }),
        (failure: unknown) =>
          post({
            type: 'plateia:card-error',
            nonce,
            message: failure instanceof Error && failure.message ? failure.message : CARD_FRAME_NO_ANSWER,
          }),
      )
      .finally(() => {
        busy = false;
      });
  };
  target.addEventListener('message', listen);
  post({ type: 'plateia:card-ready', nonce });
  return { post, stop: () => target.removeEventListener('message', listen) };
}
