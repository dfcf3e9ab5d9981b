import { useStore } from '@nanostores/react';
import type { ResaleQuote } from '@plateia/core/contracts/resale';
import type { MyTicket } from '@plateia/core/contracts/tickets';
import { formatCentsForInput } from '@plateia/core/format/money';
import { RESALE_MESSAGES } from '@plateia/core/messages/resale';
import { parseReais } from '@plateia/core/rules/money';
import { resaleFeeCents } from '@plateia/core/rules/resale';
import {
  $myResaleListings,
  activeListingOf,
  listTicketForResale,
  loadMyResaleListings,
  quoteResale,
  withdrawResaleListing,
} from '@plateia/core/stores/resale';
import { type FormEvent, useEffect, useId, useState } from 'react';

/**
 * A ticket's resale actions in "Meus Ingressos" (docs/resale.md): "Revender" on a valid
 * ticket of an upcoming event (the price, the fee and what the seller receives are shown
 * before confirming), and, on a listed one, its price and "Retirar da revenda".
 */
export function TicketResale({
  ticket,
  online,
  isPast,
}: {
  ticket: MyTicket;
  online: boolean;
  isPast: boolean;
}) {
  const listings = useStore($myResaleListings);
  const listing = activeListingOf(listings, ticket.id);
  const listed = ticket.status === 'listed';
  useEffect(() => {
    if (listed && !listing) void loadMyResaleListings();
  }, [listed, listing]);

  if (!online) return null;
  // The price is held until the event has ended (docs/resale.md, "Settlement").
  if (ticket.status === 'resold' && !isPast) {
    return <p className="ticket-card-transfer">{RESALE_MESSAGES.soldPayoutAfterEvent}</p>;
  }
  if (listed) {
    return (
      <div className="ticket-resale" data-listing-id={listing?.id}>
        {listing && (
          <p className="ticket-card-transfer">
            {RESALE_MESSAGES.listedFor(listing.priceCents, listing.netCents)}
          </p>
        )}
        {listing?.reserved && <p className="ticket-card-transfer">{RESALE_MESSAGES.reservedNote}</p>}
        {listing && <WithdrawButton listingId={listing.id} disabled={listing.reserved} />}
      </div>
    );
  }
  if (ticket.status !== 'valid' || isPast || ticket.courtesy) return null;
  return <ResaleForm ticketId={ticket.id} />;
}

function WithdrawButton({ listingId, disabled }: { listingId: number; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={busy || disabled}
      onClick={async () => {
        setBusy(true);
        await withdrawResaleListing(listingId);
        setBusy(false);
      }}
    >
      {busy ? RESALE_MESSAGES.withdrawing : RESALE_MESSAGES.withdraw}
    </button>
  );
}

type Step =
  | { step: 'closed' }
  | { step: 'loading' }
  | { step: 'price'; quote: ResaleQuote }
  | { step: 'sending' };

function ResaleForm({ ticketId }: { ticketId: number }) {
  const [state, setState] = useState<Step>({ step: 'closed' });
  const [text, setText] = useState('');
  const inputId = useId();
  const hintId = useId();
  if (state.step === 'closed') {
    return (
      <button
        type="button"
        className="btn btn-secondary"
        onClick={async () => {
          setState({ step: 'loading' });
          const quote = await quoteResale(ticketId);
          if (!quote) return setState({ step: 'closed' });
          setText(formatCentsForInput(quote.maxPriceCents));
          setState({ step: 'price', quote });
        }}
      >
        {RESALE_MESSAGES.action}
      </button>
    );
  }
  if (state.step !== 'price') return <p className="muted">{RESALE_MESSAGES.listing}</p>;
  const { quote } = state;
  const read = parseReais(text);
  const cents = read.ok ? read.cents : null;
  const valid = cents !== null && cents >= quote.minPriceCents && cents <= quote.maxPriceCents;
  const fee = valid ? resaleFeeCents(cents, quote.feeBps) : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setState({ step: 'sending' });
    const done = await listTicketForResale(ticketId, cents);
    setState(done ? { step: 'closed' } : { step: 'price', quote });
  };
  return (
    <form
      className="ticket-transfer-form ticket-resale-form"
      onSubmit={submit}
      aria-label={`Revender ingresso #${ticketId}`}
    >
      <div className="field">
        <label htmlFor={inputId}>{RESALE_MESSAGES.priceLabel}</label>
        <input
          id={inputId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          required
          aria-describedby={hintId}
          aria-invalid={!valid}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={hintId} className="hint">
          {RESALE_MESSAGES.maxPrice(quote.maxPriceCents)}
        </p>
        {!valid && (
          <p className="error" role="alert">
            {read.ok ? RESALE_MESSAGES.invalidPrice : read.error}
          </p>
        )}
      </div>
      {fee !== null && cents !== null && (
        <div className="ticket-resale-summary" aria-live="polite">
          <p className="muted">{RESALE_MESSAGES.fee(quote.feeBps, fee)}</p>
          <p className="ticket-resale-net">
            <strong>{RESALE_MESSAGES.youReceive(cents - fee)}</strong>
          </p>
        </div>
      )}
      <p className="muted">
        {RESALE_MESSAGES.codeSuspended} {RESALE_MESSAGES.whenSold}
      </p>
      <div className="ticket-transfer-actions">
        <button type="submit" className="btn btn-primary" disabled={!valid}>
          {RESALE_MESSAGES.confirm}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setState({ step: 'closed' })}>
          {RESALE_MESSAGES.back}
        </button>
      </div>
    </form>
  );
}
