/**
 * The checkout's "Pagamento" screen: the reserved order with its fee itemised and the
 * reservation's countdown, the choice of method (PIX, card, "Dividir com amigos") and the
 * chosen method's form, and "Cancelar compra".
 */

import { useStore } from '@nanostores/react';
import { formatCents } from '@plateia/core/format/money';
import { SHARED_PAYMENT_MESSAGES } from '@plateia/core/messages/shared-payments';
import { $cartExpiresAt } from '@plateia/core/stores/cart-expiry';
import type { CheckoutData } from '@plateia/core/stores/checkout';
import { $payment, loadCardConfig } from '@plateia/core/stores/payment';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { CardPayment } from './card-payment.tsx';
import { Countdown, type Emit, Step } from './checkout-parts.tsx';
import { QueueLink } from './meia-beneficiaries.tsx';
import { PixPayment } from './pix-payment.tsx';
import { SplitPayment } from './split-payment.tsx';

interface PaymentStepProps {
  focus: boolean;
  checkout: CheckoutData;
  fire: Emit;
  sharedPaymentUrl: string | undefined;
  queueUrl: string | undefined;
  onQuit: () => void;
}

/** The methods offered, in the order shown: value and label. */
const METHODS = [
  ['pix', 'PIX'],
  ['card', 'Cartão de crédito'],
  ['split', SHARED_PAYMENT_MESSAGES.method],
] as const;

export function PaymentStep({
  focus,
  checkout,
  fire,
  sharedPaymentUrl,
  queueUrl,
  onQuit,
}: PaymentStepProps): ReactNode {
  const ids = useId();
  const { order } = checkout;
  const payment = useStore($payment);
  const expiresAt = useStore($cartExpiresAt);
  const [method, setMethod] = useState<(typeof METHODS)[number][0]>(payment.method ?? 'pix');
  const busy = payment.phase === 'creating' || (payment.phase === 'waiting' && payment.method === 'card');

  // The card configuration brings the installment options of this order's total: it is
  // asked for as soon as the order is reserved, so they are there when the card form shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order.
  useEffect(() => {
    void loadCardConfig();
  }, [order.id]);

  return (
    <Step title="Pagamento" focus={focus}>
      <p className="notice" role="status">
        Ingressos reservados. Escolha a forma de pagamento.
      </p>
      {/* Lot turnover while buying: "O 1º lote esgotou; seu ingresso é do 2º lote por R$ 150,00". */}
      {order.notices?.map((text) => (
        <p key={text} className="order-notice" part="order-notice">
          {text}
        </p>
      ))}
      {expiresAt !== null && (
        <Countdown
          label="Tempo restante para finalizar a compra:"
          name="Tempo restante da reserva"
          until={expiresAt}
          part="countdown"
        />
      )}
      <dl className="totals" part="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(order.subtotalCents)}</dd>
        </div>
        {order.discountCents > 0 && (
          <div className="discount">
            <dt>Desconto{order.coupon ? ` (cupom ${order.coupon.code})` : ''}</dt>
            <dd>− {formatCents(order.discountCents)}</dd>
          </div>
        )}
        <div>
          <dt>Taxa de serviço</dt>
          <dd>{formatCents(order.feeCents)}</dd>
        </div>
        <div className="total">
          <dt>Total</dt>
          <dd>{formatCents(order.totalCents)}</dd>
        </div>
      </dl>

      <fieldset className="methods" part="methods" disabled={busy}>
        <legend>Forma de pagamento</legend>
        {METHODS.map(([value, label]) => (
          <label key={value} className="method">
            <input
              type="radio"
              name={`${ids}-method`}
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>

      {method === 'pix' ? (
        <PixPayment payment={payment} />
      ) : method === 'split' ? (
        <SplitPayment order={order} sharedPaymentUrl={sharedPaymentUrl} />
      ) : (
        <CardPayment payment={payment} totalCents={order.totalCents} fire={fire} />
      )}

      <QueueLink
        message={payment.phase === 'failed' || payment.phase === 'declined' ? payment.message : null}
        eventId={checkout.eventId}
        queueUrl={queueUrl}
      />
      <button type="button" className="secondary" part="cancel-button" onClick={onQuit}>
        Cancelar compra
      </button>
    </Step>
  );
}
