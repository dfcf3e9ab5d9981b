/**
 * Payment by card in the checkout's "Pagamento" screen: the card's fields (or the
 * storefront's card frame on a producer's page), the installments, and "Pagar".
 */

import { useStore } from '@nanostores/react';
import { formatCents } from '@plateia/core/format/money';
import { CARD_INVALID_MESSAGE } from '@plateia/core/messages/payments';
import { $cardConfig, loadCardConfig, newCardAttempt, payWithCard } from '@plateia/core/stores/payment';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { embeddingStorefront } from '../../shared/storefront-origin.ts';
import { useCardFrame } from './card-frame-field.tsx';
import {
  CARD_EXPIRY_INVALID,
  CARD_FIELDS,
  CARD_FIELDS_MISSING,
  CARD_UNAVAILABLE,
  cardDataFrom,
  EMPTY_CARD_FIELDS,
  loadCardTokenizer,
} from './card-tokenizer.ts';
import type { Emit, Payment } from './checkout-parts.tsx';
import { SandboxTestCards } from './sandbox-cards.tsx';

interface CardPaymentProps {
  payment: Payment;
  totalCents: number;
  fire: Emit;
}

export function CardPayment({ payment, totalCents, fire }: CardPaymentProps): ReactNode {
  const ids = useId();
  const config = useStore($cardConfig);
  // The installments the API host computes and charges for this total ("3x de R$ 33,34"),
  // which come with the configuration asked for it (one of an earlier order's does not do).
  const options = config?.amount === totalCents ? config.installments : [];
  const [card, setCard] = useState(EMPTY_CARD_FIELDS);
  const [installments, setInstallments] = useState(1);
  const [error, setError] = useState('');
  const [tokenizing, setTokenizing] = useState(false);
  // On a producer's page the fields are the storefront's iframe (card-frame.ts): the card
  // is typed and tokenized on the Plateia origin, and this page gets only the token.
  const [storefront] = useState(embeddingStorefront);
  const cardFrame = useCardFrame(storefront, () => void pay());

  // The gateway's script loads as soon as the card form shows, so paying does not wait for
  // it (in the frame, not here, when there is one); so does the configuration if the
  // payment step could not get it.
  useEffect(() => {
    if (config && !storefront) loadCardTokenizer(config.tokenizerUrl, config.tokenizerGlobal).catch(() => {});
    else if (!config) void loadCardConfig();
  }, [config, storefront]);

  const mine = payment.method === 'card';
  const processing = tokenizing || (mine && payment.phase === 'creating');
  const outcome = mine && (payment.phase === 'declined' || payment.phase === 'failed') ? payment.message : '';
  const pending = mine && payment.phase === 'waiting' ? payment.message : '';

  const fail = (message: string): void => {
    setError(message);
    fire('plateia-error', { message });
  };

  const pay = async (): Promise<void> => {
    if (processing) return;
    setError('');
    let token: string;
    if (cardFrame) {
      setTokenizing(true);
      try {
        ({ token } = await cardFrame.tokenize(installments));
      } catch (failure) {
        const message = failure instanceof Error && failure.message ? failure.message : CARD_INVALID_MESSAGE;
        // What the buyer typed is incomplete: said here, not reported to the page.
        return message === CARD_FIELDS_MISSING || message === CARD_EXPIRY_INVALID
          ? setError(message)
          : fail(message);
      } finally {
        setTokenizing(false);
      }
      newCardAttempt();
      await payWithCard({ token, installments });
      return;
    }
    const read = cardDataFrom(card);
    if ('error' in read) return setError(read.error);
    const settings = config ?? (await loadCardConfig());
    if (!settings) return fail(CARD_UNAVAILABLE);
    setTokenizing(true);
    try {
      const tokenizer = await loadCardTokenizer(settings.tokenizerUrl, settings.tokenizerGlobal).catch(() => {
        throw new Error(CARD_UNAVAILABLE);
      });
      ({ token } = await tokenizer.tokenize(read.card));
    } catch (failure) {
      // The gateway's own refusal ("Número de cartão inválido.") when it gives one.
      return fail(failure instanceof Error && failure.message ? failure.message : CARD_INVALID_MESSAGE);
    } finally {
      setTokenizing(false);
    }
    // The number and code are not kept once the gateway has them.
    setCard({ ...card, number: '', cvv: '' });
    newCardAttempt();
    await payWithCard({ token, installments });
  };

  const cardField = ([name, label, autoComplete, inputMode, placeholder]: (typeof CARD_FIELDS)[number]) => (
    <div key={name} className="field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input
        id={`${ids}-${name}`}
        part="input"
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={card[name]}
        onChange={(event) => setCard({ ...card, [name]: event.currentTarget.value })}
      />
    </div>
  );

  // Nothing in the card form has browser validation: `pay` checks it.
  return (
    <form
      className="form"
      part="card-form"
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {cardFrame ? (
        cardFrame.frame
      ) : (
        <>
          {CARD_FIELDS.slice(0, 2).map(cardField)}
          <div className="row">{CARD_FIELDS.slice(2).map(cardField)}</div>
        </>
      )}
      <div className="field">
        <label htmlFor={`${ids}-installments`}>Parcelas</label>
        <select
          id={`${ids}-installments`}
          part="input installments"
          value={installments}
          onChange={(event) => setInstallments(Number(event.currentTarget.value))}
        >
          {options.length > 0 ? (
            options.map((option) => (
              <option key={option.installments} value={option.installments}>
                {option.label}
              </option>
            ))
          ) : (
            // Until the API host's options are there (asked for when the order was
            // reserved): the whole total in 1x, which needs no rule.
            <option value={1}>1x de {formatCents(totalCents)}</option>
          )}
        </select>
      </div>
      {/* The API host sends test cards in its sandbox only (the card frame shows its own). */}
      {!storefront && <SandboxTestCards cards={config?.testCards} />}
      <p className="form-error" role="alert">
        {error || outcome}
      </p>
      <p className="notice" role="status">
        {processing ? 'Processando pagamento…' : pending}
      </p>
      <button
        type="submit"
        className="primary"
        part="pay-button"
        disabled={processing}
        aria-busy={processing}
      >
        Pagar {formatCents(totalCents)}
      </button>
    </form>
  );
}
