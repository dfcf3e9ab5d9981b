import { useStore } from '@nanostores/react';
import { formatCents } from '@plateia/core';
import type { MyTicket } from '@plateia/core/contracts/tickets';
import {
  REFUND_METHOD_LABELS,
  REFUND_STATUS_LABELS,
  REFUND_UI_MESSAGES,
  refundAmountText,
} from '@plateia/core/messages/refunds';
import {
  $refundOffers,
  giveRefundPixKey,
  loadRefunds,
  requestTicketRefund,
} from '@plateia/core/stores/refunds';
import { type FormEvent, useEffect, useId, useState } from 'react';

/**
 * A ticket's refund in "Meus Ingressos" (docs/refunds.md): "Solicitar reembolso" only while
 * the policy allows it (or the event was cancelled), with the rule's reason and the amount,
 * fee included, shown before confirming; once asked, the refund's state, and a field for
 * another PIX key when the devoluções were not made.
 */
export function TicketRefund({ ticket, online }: { ticket: MyTicket; online: boolean }) {
  const offers = useStore($refundOffers);
  const offer = offers[ticket.id];
  useEffect(() => {
    if (online) void loadRefunds();
  }, [online]);
  if (!offer) return null;
  if (offer.refund) {
    const { refund } = offer;
    return (
      <div className="ticket-refund" data-refund-id={refund.id} data-refund-status={refund.status}>
        <p className="ticket-card-transfer">
          <strong>{REFUND_STATUS_LABELS[refund.status]}</strong> ·{' '}
          {refundAmountText(formatCents(refund.amountCents), formatCents(refund.feeCents))} ·{' '}
          {REFUND_METHOD_LABELS[refund.method]}
        </p>
        {online && refund.status === 'needs_pix_key' && <PixKeyForm refundId={refund.id} />}
      </div>
    );
  }
  if (!online || !offer.allowed || ticket.status !== 'valid') return null;
  return (
    <RefundRequest
      ticketId={ticket.id}
      message={offer.message}
      amountCents={offer.amountCents}
      feeCents={offer.feeCents}
    />
  );
}

type Step = 'closed' | 'confirm' | 'sending';

function RefundRequest({
  ticketId,
  message,
  amountCents,
  feeCents,
}: {
  ticketId: number;
  message: string;
  amountCents: number;
  feeCents: number;
}) {
  const [step, setStep] = useState<Step>('closed');
  if (step === 'closed') {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setStep('confirm')}>
        {REFUND_UI_MESSAGES.action}
      </button>
    );
  }
  if (step === 'sending') return <p className="muted">{REFUND_UI_MESSAGES.sending}</p>;
  return (
    <fieldset
      className="ticket-transfer-form ticket-refund-form"
      aria-label={`${REFUND_UI_MESSAGES.confirmTitle} #${ticketId}`}
    >
      <p>{message}</p>
      <p>
        {REFUND_UI_MESSAGES.amountLabel}:{' '}
        <strong>{refundAmountText(formatCents(amountCents), formatCents(feeCents))}</strong>
      </p>
      <p className="muted">{REFUND_UI_MESSAGES.feeIncluded}</p>
      <p className="muted">{REFUND_UI_MESSAGES.voidWarning}</p>
      <div className="ticket-transfer-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={async () => {
            setStep('sending');
            const done = await requestTicketRefund(ticketId);
            setStep(done ? 'closed' : 'confirm');
          }}
        >
          {REFUND_UI_MESSAGES.confirm}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setStep('closed')}>
          {REFUND_UI_MESSAGES.cancel}
        </button>
      </div>
    </fieldset>
  );
}

function PixKeyForm({ refundId }: { refundId: number }) {
  const [chave, setChave] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await giveRefundPixKey(refundId, chave);
    setBusy(false);
  };
  return (
    <form className="ticket-transfer-form" onSubmit={submit} aria-label={REFUND_UI_MESSAGES.pixKeyLabel}>
      <div className="field">
        <label htmlFor={inputId}>{REFUND_UI_MESSAGES.pixKeyLabel}</label>
        <input
          id={inputId}
          className="input"
          required
          autoComplete="off"
          aria-describedby={hintId}
          value={chave}
          onChange={(event) => setChave(event.target.value)}
        />
        <p id={hintId} className="hint">
          {REFUND_UI_MESSAGES.pixKeyHint}
        </p>
      </div>
      <div className="ticket-transfer-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {REFUND_UI_MESSAGES.pixKeySend}
        </button>
      </div>
    </form>
  );
}
