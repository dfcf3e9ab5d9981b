/**
 * The checkout's side of the card frame (card-frame.ts): the storefront's iframe in place
 * of the card fields, sized to its form, and the request for its token when the buyer pays.
 */

import { type ReactNode, useEffect, useRef, useState } from 'react';
import { newNonce } from '../../shared/storefront-origin.ts';
import {
  CARD_FRAME_TITLE,
  type CardFrameMessage,
  cardFrameUrl,
  messageFrom,
  requestCardToken,
} from './card-frame.ts';
import { CARD_FIELDS_MISSING, type CardToken } from './card-tokenizer.ts';

/** Height of the frame until it reports its own (CSS px): the four fields. */
const INITIAL_HEIGHT = 250;

/** What {@link useCardFrame} gives the card form. */
export interface CardFrameHandle {
  /** The iframe to render in place of the fields. */
  frame: ReactNode;
  /** Asks the frame for a token; rejects with the pt-BR message to show. */
  tokenize: (installments: number) => Promise<CardToken>;
}

/**
 * The card frame of the storefront at `storefront` (an origin), or `null` when there is
 * none (the fields stay inline). `onSubmit` runs when the buyer presses Enter in the frame.
 */
export function useCardFrame(storefront: string | null, onSubmit: () => void): CardFrameHandle | null {
  const [nonce] = useState(newNonce);
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  const ref = useRef<HTMLIFrameElement | null>(null);
  const ready = useRef(false);
  const submit = useRef(onSubmit);
  submit.current = onSubmit;

  useEffect(() => {
    const iframe = ref.current;
    if (!storefront || !iframe) return;
    const listen = (event: MessageEvent): void => {
      const data = messageFrom<CardFrameMessage>(event, {
        source: iframe.contentWindow,
        origin: storefront,
        nonce,
      });
      if (data?.type === 'plateia:card-ready') ready.current = true;
      else if (data?.type === 'plateia:card-size' && Number.isFinite(data.height)) {
        setHeight(Math.min(Math.max(Math.ceil(data.height), 120), 800));
      } else if (data?.type === 'plateia:card-submit') submit.current();
    };
    window.addEventListener('message', listen);
    return () => {
      window.removeEventListener('message', listen);
      ready.current = false;
    };
  }, [storefront, nonce]);

  if (!storefront) return null;
  return {
    frame: (
      <iframe
        ref={ref}
        className="card-frame"
        part="card-frame"
        title={CARD_FRAME_TITLE}
        src={cardFrameUrl(storefront, window.location.origin, nonce)}
        height={height}
        style={{ height: `${height}px` }}
      />
    ),
    tokenize: (installments) => {
      const frame = ref.current?.contentWindow;
      // Until the frame has loaded nothing can have been typed in it.
      if (!frame || !ready.current) return Promise.reject(new Error(CARD_FIELDS_MISSING));
      return requestCardToken({ frame, source: frame, origin: storefront, nonce, installments });
    },
  };
}
