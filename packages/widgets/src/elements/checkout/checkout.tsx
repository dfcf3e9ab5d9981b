/**
 * The whole checkout (docs/widgets-checkout.md): the cart summary with coupon and the
 * e-mail of who receives each ticket, the login gate, the reservation with its fee
 * itemised and the 15-minute countdown, payment by PIX or card, and the confirmation.
 * Every rule lives in `@plateia/core`; this component only asks and shows. Its pt-BR texts
 * are written where they show; the spec's are quoted verbatim.
 *
 * This file is the shell: the events it sends, the expiry notice, and which screen shows
 * (cart-step.tsx, payment-step.tsx, or the confirmation below). docs/widgets-checkout.md
 * lists the other files.
 */

import { useStore } from '@nanostores/react';
import { CHECKOUT_MESSAGES } from '@plateia/core/messages/checkout';
import { $cartExpiresAt } from '@plateia/core/stores/cart-expiry';
import { $checkout, quitCheckout } from '@plateia/core/stores/checkout';
import { $payment } from '@plateia/core/stores/payment';
import { $authState, initSession } from '@plateia/core/stores/session';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { emit } from '../../shared/events.ts';
import { CartStep } from './cart-step.tsx';
import { type Emit, Step } from './checkout-parts.tsx';
import { PaymentStep } from './payment-step.tsx';

/** Props of {@link Checkout}; the element mirrors them as kebab-case attributes. */
export interface CheckoutProps extends ElementHostProps {
  /** The event whose checkout this is (attribute `event-id`); the cart's first event when absent. */
  eventId?: string;
  /** Target of "Cadastrar" in the login gate (attribute `signup-url`), default `/cadastro`. */
  signupUrl?: string;
  /** Target of "Ver Meus Ingressos" (attribute `tickets-url`), default `/mytickets`. */
  ticketsUrl?: string;
  /** Where the page goes after "Dividir com amigos" (attribute `shared-payment-url`), `{id}` the group's; default `/pagamento-compartilhado/{id}`. */
  sharedPaymentUrl?: string;
  /** The storefront's waiting room (attribute `queue-url`), `{eventId}` the event's; default `/fila/{eventId}` on the loader's origin. */
  queueUrl?: string;
}

/** The checkout as a React component. */
export function Checkout({
  eventId,
  signupUrl,
  ticketsUrl,
  sharedPaymentUrl,
  queueUrl,
  container,
}: CheckoutProps): ReactNode {
  const checkout = useStore($checkout);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [notice, setNotice] = useState('');
  const [confirmed, setConfirmed] = useState(false);

  // Events leave from the element itself (from the wrapper when rendered without one), so
  // the page sees them with the element as their target even after dispatch.
  const fire: Emit = (type, detail) => {
    const target = container?.host ?? rootRef.current;
    if (target) emit(target, type, detail);
  };

  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);

  // What ended a checkout is shown here, whoever ended it: core's expiry timer, a lapsed PIX,
  // or another tab. The deadline goes away once the carts are empty and no checkout is open;
  // when that happens before the deadline (a quit, a removal, a payment) there is nothing to say.
  useEffect(
    () =>
      $cartExpiresAt.listen((deadline, previous) => {
        if (deadline !== null || previous == null) return;
        const paid = $payment.get();
        if (paid.phase === 'expired' && paid.message) setNotice(paid.message);
        else if (paid.phase !== 'paid' && Date.now() >= previous) setNotice(CHECKOUT_MESSAGES.expired);
      }),
    [],
  );

  // Payment outcomes become the confirmation, or `plateia-error` for the page. `fire` only
  // reads the shadow root and the wrapper's ref, which stay, so the first render's serves.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  useEffect(
    () =>
      $payment.listen((next, previous) => {
        if (next.phase === previous?.phase) return;
        if (next.phase === 'paid') {
          setConfirmed(true);
          fire('plateia-checkout-complete', { orderId: String(next.orderId ?? ''), method: next.method });
        } else if (next.message && next.phase !== 'waiting') {
          // Only a failure, a decline or an expiry carries a message; a pending card's
          // "em análise" comes with `waiting`.
          fire('plateia-error', { message: next.message });
        }
      }),
    [],
  );

  // A step shown after the first render replaced another one: it takes focus. The one the
  // checkout opens on (page load) does not; until then the wrapper is not in the DOM.
  const focus = rootRef.current !== null;

  return (
    <div ref={rootRef} part="base" className="checkout">
      {confirmed ? (
        <Step title="Compra confirmada!" focus className="step confirmed" part="confirmation">
          <p role="status">Seus ingressos já estão na sua conta, em Meus Ingressos.</p>
          <a className="primary" href={ticketsUrl || '/mytickets'} part="tickets-link">
            Ver Meus Ingressos
          </a>
        </Step>
      ) : checkout ? (
        <PaymentStep
          focus={focus}
          checkout={checkout}
          fire={fire}
          sharedPaymentUrl={sharedPaymentUrl}
          queueUrl={queueUrl}
          onQuit={() => {
            void quitCheckout();
            setNotice('Compra cancelada. Seus ingressos continuam no carrinho.');
          }}
        />
      ) : (
        <CartStep
          focus={focus}
          eventId={eventId}
          signupUrl={signupUrl || '/cadastro'}
          notice={notice}
          fire={fire}
          queueUrl={queueUrl}
          onStarted={() => setNotice('')}
        />
      )}
    </div>
  );
}
