/**
 * The checkout's first screen, "Resumo do pedido": the cart's lines with the e-mail of who
 * receives each ticket and the meia-entrada documents, the coupon, the subtotal and the
 * cart's countdown. "Finalizar Compra" reserves the order, through the login gate when
 * logged out.
 */

import { useStore } from '@nanostores/react';
import { CHECKOUT_MESSAGES } from '@plateia/core/messages/checkout';
import { type CartItem, cartItemKey, ticketUnits } from '@plateia/core/rules/cart';
import { isValidEmail } from '@plateia/core/rules/email';
import { $cart, $cartTotalCents, $productCart } from '@plateia/core/stores/cart';
import { $cartExpiresAt } from '@plateia/core/stores/cart-expiry';
import { eventStore } from '@plateia/core/stores/catalogue';
import { $checkoutStatus, $coupon, startCheckout } from '@plateia/core/stores/checkout';
import { $user } from '@plateia/core/stores/session';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { CartTotals, ProductLine, TicketLine } from './cart-lines.tsx';
import type { Emit } from './checkout-parts.tsx';
import { Step } from './checkout-parts.tsx';
import { LoginGate } from './login-gate.tsx';
import { type MeiaForm, QueueLink, useMeiaForm } from './meia-beneficiaries.tsx';

interface CartStepProps {
  focus: boolean;
  eventId: string | undefined;
  signupUrl: string;
  notice: string;
  fire: Emit;
  queueUrl: string | undefined;
  onStarted: () => void;
}

/**
 * "Finalizar Compra": the e-mail of who receives each ticket (typed, else the buyer's), each
 * checked, and the meia-entrada forms, then core's `startCheckout` with the coupon. Holds what
 * was typed, which e-mails are wrong and the refusal to show; `plateia-checkout-start` or
 * `plateia-error` tell the page how it went.
 */
function useBeginCheckout(
  cart: readonly CartItem[],
  userEmail: string | undefined,
  meiaForm: MeiaForm,
  { eventId, fire, onStarted }: Pick<CartStepProps, 'eventId' | 'fire' | 'onStarted'>,
) {
  const coupon = useStore($coupon);
  // What was typed for each ticket unit, by `${cartItemKey}#${unit}`; the buyer's e-mail until then.
  const [holders, setHolders] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [error, setError] = useState('');

  const begin = async (): Promise<void> => {
    const wrong: Record<string, boolean> = {};
    const holderEmails: Record<string, string[]> = {};
    for (const item of cart) {
      const key = cartItemKey(item);
      holderEmails[key] = Array.from({ length: ticketUnits(item) }, (_, index) => {
        const email = (holders[`${key}#${index}`] ?? userEmail ?? '').trim();
        if (email && !isValidEmail(email)) wrong[`${key}#${index}`] = true;
        return email;
      });
    }
    setInvalid(wrong);
    const meia = meiaForm.collect();
    if (Object.keys(wrong).length > 0 || !meia) return;
    setError('');
    const result = await startCheckout({ coupon, holderEmails, meia });
    if (result.ok) {
      onStarted();
      const { order } = result.checkout;
      fire('plateia-checkout-start', {
        eventId: String(result.checkout.eventId ?? eventId ?? ''),
        orderId: String(order.id),
        orderNumber: order.number,
        totalCents: order.totalCents,
      });
    } else {
      // Not `login`: the form asks for the login before it gets here.
      setError(result.message);
      fire('plateia-error', { message: result.message });
    }
  };

  const setHolder = (unit: string, email: string) => setHolders({ ...holders, [unit]: email });
  return { coupon, holders, setHolder, invalid, error, begin };
}

export function CartStep({
  focus,
  eventId,
  signupUrl,
  notice,
  fire,
  queueUrl,
  onStarted,
}: CartStepProps): ReactNode {
  const ids = useId();
  const cart = useStore($cart);
  const products = useStore($productCart);
  // The buyer's login e-mail; `undefined` while logged out.
  const userEmail = useStore($user)?.user;
  const status = useStore($checkoutStatus);
  const totalCents = useStore($cartTotalCents);
  const expiresAt = useStore($cartExpiresAt);
  const empty = cart.length + products.length === 0;
  const [gateOpen, setGateOpen] = useState(false);
  const meiaForm = useMeiaForm(cart);
  const { coupon, holders, setHolder, invalid, error, begin } = useBeginCheckout(cart, userEmail, meiaForm, {
    eventId,
    fire,
    onStarted,
  });
  // The lots of the cart's event (the store the meia form reads too: one request).
  const lots = useStore(eventStore(cart[0]?.eventId ?? '')).data?.ticketTypes ?? [];

  // Spec §2: once logged in through the gate, the purchase goes on by itself. This render's
  // `begin` sees the e-mails and coupon as they are now.
  const loggedIn = userEmail !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the login happens.
  useEffect(() => {
    if (gateOpen && loggedIn) {
      setGateOpen(false);
      void begin();
    }
  }, [gateOpen, loggedIn]);

  return (
    <Step title="Resumo do pedido" focus={focus}>
      <p className="notice" role="status">
        {notice}
      </p>
      <p className="form-error" role="alert">
        {error}
      </p>
      <QueueLink message={error} eventId={cart[0]?.eventId ?? eventId} queueUrl={queueUrl} />
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (loggedIn) void begin();
          else setGateOpen(true);
        }}
      >
        {empty ? (
          <p className="empty">{CHECKOUT_MESSAGES.emptyCart}</p>
        ) : (
          <>
            <ul className="lines" part="summary">
              {cart.map((item) => (
                <TicketLine
                  key={cartItemKey(item)}
                  item={item}
                  type={lots.find((type) => String(type.id) === String(item.id))}
                  ids={ids}
                  userEmail={userEmail}
                  holders={holders}
                  invalid={invalid}
                  onHolder={setHolder}
                  meiaFields={meiaForm.fields(item)}
                />
              ))}
              {products.map((entry) => (
                <ProductLine key={`product:${entry.product.id}`} entry={entry} />
              ))}
            </ul>
            {cart.length > 0 && (
              <p className="hint">
                Os ingressos ficam na conta do e-mail informado e não são enviados por e-mail. Um ingresso com
                outro e-mail é transferido automaticamente para a conta desse e-mail.
              </p>
            )}
            <CartTotals ids={ids} coupon={coupon} totalCents={totalCents} expiresAt={expiresAt} />
          </>
        )}
        <button
          type="submit"
          className="primary"
          part="finish-button"
          disabled={empty || status.loading}
          aria-busy={status.loading}
        >
          Finalizar Compra
        </button>
      </form>
      <LoginGate open={gateOpen} signupUrl={signupUrl} onClose={() => setGateOpen(false)} />
    </Step>
  );
}
