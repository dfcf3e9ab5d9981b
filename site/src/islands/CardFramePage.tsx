/**
 * The card fields of a checkout on a producer's page, inside the storefront's iframe
 * (`/pagamento/cartao?origin=…&nonce=…`, docs/security.md "Card entry"). The number, name,
 * expiry and CVV are typed here, on the Plateia origin; the gateway's tokeniser loads here;
 * the producer's page only ever receives the single-use token, when its checkout asks.
 */

import type { CardConfig } from '@plateia/core';
import { CARD_INVALID_MESSAGE } from '@plateia/core/messages/payments';
import { loadCardConfig } from '@plateia/core/stores/payment';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type CardFrameMessage,
  serveCardFrame,
} from '../../../packages/widgets/src/elements/checkout/card-frame.ts';
import {
  CARD_FIELDS,
  CARD_UNAVAILABLE,
  cardDataFrom,
  EMPTY_CARD_FIELDS,
  loadCardTokenizer,
} from '../../../packages/widgets/src/elements/checkout/card-tokenizer.ts';
import { SandboxTestCards } from '../../../packages/widgets/src/elements/checkout/sandbox-cards.tsx';
import { exactOrigin, NONCE } from '../../../packages/widgets/src/shared/storefront-origin.ts';

export default function CardFramePage(): ReactNode {
  const ids = useId();
  const [fields, setFields] = useState(EMPTY_CARD_FIELDS);
  const [config, setConfig] = useState<CardConfig | null>(null);
  const [invalid, setInvalid] = useState(false);
  // The latest typed values, for the message listener (set up once).
  const current = useRef(fields);
  current.current = fields;
  const post = useRef<((message: CardFrameMessage) => void) | null>(null);

  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const parentOrigin = exactOrigin(params.get('origin'));
  const nonce = params.get('nonce') ?? '';
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const usable = framed && parentOrigin !== null && NONCE.test(nonce);

  useEffect(() => {
    if (!usable || !parentOrigin) return;
    let settings: CardConfig | null = null;
    const tokenize = async () => {
      const read = cardDataFrom(current.current);
      setInvalid('error' in read);
      if ('error' in read) throw new Error(read.error);
      settings ??= await loadCardConfig();
      if (!settings) throw new Error(CARD_UNAVAILABLE);
      const { tokenizerUrl, tokenizerGlobal } = settings;
      const tokenizer = await loadCardTokenizer(tokenizerUrl, tokenizerGlobal).catch(() => {
        throw new Error(CARD_UNAVAILABLE);
      });
      try {
        const answer = await tokenizer.tokenize(read.card);
        // The number and code are not kept once the gateway has them.
        setFields((typed) => ({ ...typed, number: '', cvv: '' }));
        return answer;
      } catch (failure) {
        // The gateway's own refusal ("Número de cartão inválido.") when it gives one.
        throw new Error(failure instanceof Error && failure.message ? failure.message : CARD_INVALID_MESSAGE);
      }
    };
    const served = serveCardFrame({ parent: window.parent, parentOrigin, nonce, tokenize });
    post.current = served.post;
    // The tokeniser loads at once, so paying does not wait for it.
    void loadCardConfig().then((loaded) => {
      settings = loaded;
      setConfig(loaded);
      if (loaded) loadCardTokenizer(loaded.tokenizerUrl, loaded.tokenizerGlobal).catch(() => {});
    });
    // The checkout sizes the iframe to the form.
    const size = () =>
      served.post({ type: 'plateia:card-size', nonce, height: Math.ceil(document.body.scrollHeight) });
    const observer = new ResizeObserver(size);
    observer.observe(document.body);
    return () => {
      observer.disconnect();
      served.stop();
      post.current = null;
    };
  }, [usable, parentOrigin, nonce]);

  if (!usable) {
    return (
      <p className="card-frame-error" role="alert">
        Esta página só funciona dentro do checkout da Plateia.
      </p>
    );
  }

  return (
    <form
      className="card-frame-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a field pays, as the checkout's "Pagar" button does.
        post.current?.({ type: 'plateia:card-submit', nonce });
      }}
    >
      {CARD_FIELDS.map(([name, label, autoComplete, inputMode, placeholder]) => (
        <div key={name} className={`field field-${name}`}>
          <label htmlFor={`${ids}-${name}`}>{label}</label>
          <input
            id={`${ids}-${name}`}
            name={name}
            inputMode={inputMode}
            autoComplete={autoComplete}
            placeholder={placeholder}
            value={fields[name]}
            aria-invalid={invalid && !fields[name].trim() ? true : undefined}
            onChange={(event) => setFields({ ...fields, [name]: event.currentTarget.value })}
          />
        </div>
      ))}
      {/* Hidden submit so Enter in any field submits. */}
      <button type="submit" hidden tabIndex={-1}>
        Pagar
      </button>
      <SandboxTestCards cards={config?.testCards} />
    </form>
  );
}
