/**
 * The checkout's first screen, "Resumo do pedido": the cart's lines with the e-mail of who
 * receives each ticket and the meia-entrada documents, the coupon, the subtotal and the
 * cart's countdown. "Finalizar Compra" reserves the order, through the login gate when
 * logged out.
 */

import { useStore } from '@nanostores/react';
import type { TicketTypeInfo } from '@plateia/core/contracts/catalogue';
import { formatCents } from '@plateia/core/format/money';
import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { nextLotLabel } from '@plateia/core/messages/catalogue';
import { CHECKOUT_MESSAGES } from '@plateia/core/messages/checkout';
import { type CartItem, cartItemKey, isResaleItem, isSeatItem, ticketUnits } from '@plateia/core/rules/cart';
import { isValidEmail } from '@plateia/core/rules/email';
import {
  $cart,
  $cartTotalCents,
  $productCart,
  removeOneFromCart,
  removeOneProductFromCart,
} from '@plateia/core/stores/cart';
import { $cartExpiresAt } from '@plateia/core/stores/cart-expiry';
import { eventStore } from '@plateia/core/stores/catalogue';
import { $checkoutStatus, $coupon, setCoupon, startCheckout } from '@plateia/core/stores/checkout';
import { $user } from '@plateia/core/stores/session';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Countdown, type Emit, Step } from './checkout-parts.tsx';
import { LoginGate } from './login-gate.tsx';
import { QueueLink, useMeiaForm } from './meia-beneficiaries.tsx';

/**
 * What a ticket line says under its name: seat or table, lot ("2º lote", and "Próximo lote:
 * R$ X" while it is the lot selling now), number, resale, meia. `type` is the line's lot in
 * the event's answer, when it is loaded.
 */
function ticketDetails(item: CartItem, type: TicketTypeInfo | undefined): string {
  const parts: string[] = [];
  if (item.seatInfo?.isTable && item.seatInfo.tableName) parts.push(item.seatInfo.tableName);
  else if (item.seatDetails) {
    const { sectionName, rowName, seatNumber } = item.seatDetails;
    parts.push(`${sectionName}, fila ${rowName}, assento ${seatNumber}`);
  }
  if (!isSeatItem(item)) {
    if (type && !isResaleItem(item)) {
      parts.push(type.lotLabel);
      if (type.nextLot) parts.push(nextLotLabel(type.nextLot.priceCents));
    } else if (item.n_number !== null) parts.push(`Lote ${item.n_number}`);
    if (item.numerationSelected !== null && item.numerationSelected !== '') {
      parts.push(`Número ${item.numerationSelected}`);
    }
  }
  if (isResaleItem(item)) parts.push('Revenda');
  if (item.meia) parts.push('Meia-entrada');
  return parts.join(' · ');
}

interface CartStepProps {
  focus: boolean;
  eventId: string | undefined;
  signupUrl: string;
  notice: string;
  fire: Emit;
  queueUrl: string | undefined;
  onStarted: () => void;
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
  const coupon = useStore($coupon);
  const totalCents = useStore($cartTotalCents);
  const expiresAt = useStore($cartExpiresAt);
  const empty = cart.length + products.length === 0;
  // What was typed for each ticket unit, by `${cartItemKey}#${unit}`; the buyer's e-mail until then.
  const [holders, setHolders] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<Record<string, boolean>>({});
  const [error, setError] = useState('');
  const [gateOpen, setGateOpen] = useState(false);
  const meiaForm = useMeiaForm(cart);
  // The lots of the cart's event (the store the meia form reads too: one request).
  const lots = useStore(eventStore(cart[0]?.eventId ?? '')).data?.ticketTypes ?? [];

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
              {cart.map((item) => {
                const key = cartItemKey(item);
                const name = item.name || 'Ingresso';
                const details = ticketDetails(
                  item,
                  lots.find((type) => String(type.id) === String(item.id)),
                );
                return (
                  <li key={key} className="line" part="line">
                    <div className="line-main">
                      <span className="line-name">
                        {ticketUnits(item)}× {name}
                      </span>
                      {details && <span className="line-details">{details}</span>}
                    </div>
                    <span className="amount">{formatCents(item.tk_price * ticketUnits(item))}</span>
                    <button
                      type="button"
                      className="remove"
                      part="remove-button"
                      aria-label={`Remover um: ${name}${details ? ` (${details})` : ''}`}
                      onClick={() => void removeOneFromCart(key)}
                    >
                      Remover um
                    </button>
                    <div className="holders">
                      {Array.from({ length: ticketUnits(item) }, (_, index) => {
                        const unit = `${key}#${index}`;
                        const fieldId = `${ids}-${unit}`;
                        return (
                          <div className="field" key={unit}>
                            <label htmlFor={fieldId}>
                              E-mail de quem recebe o ingresso {index + 1} ({name})
                            </label>
                            <input
                              id={fieldId}
                              part="input"
                              type="email"
                              autoComplete="email"
                              placeholder={userEmail ? undefined : 'O seu, ao acessar a conta'}
                              value={holders[unit] ?? userEmail ?? ''}
                              aria-invalid={invalid[unit]}
                              aria-describedby={invalid[unit] ? `${fieldId}-error` : undefined}
                              onChange={(event) =>
                                setHolders({ ...holders, [unit]: event.currentTarget.value })
                              }
                            />
                            {invalid[unit] && (
                              <p id={`${fieldId}-error`} className="field-error">
                                {INVALID_EMAIL_MESSAGE}
                              </p>
                            )}
                          </div>
                        );
                      })}
                    </div>
                    {meiaForm.fields(item)}
                  </li>
                );
              })}
              {products.map((entry) => (
                <li key={`product:${entry.product.id}`} className="line" part="line">
                  <div className="line-main">
                    <span className="line-name">
                      {entry.amount}× {entry.product.name || 'Produto'}
                    </span>
                  </div>
                  <span className="amount">{formatCents((entry.product.price ?? 0) * entry.amount)}</span>
                  <button
                    type="button"
                    className="remove"
                    part="remove-button"
                    aria-label={`Remover um: ${entry.product.name || 'Produto'}`}
                    onClick={() => removeOneProductFromCart(entry.product.id)}
                  >
                    Remover um
                  </button>
                </li>
              ))}
            </ul>
            {cart.length > 0 && (
              <p className="hint">
                Os ingressos ficam na conta do e-mail informado e não são enviados por e-mail. Um ingresso com
                outro e-mail é transferido automaticamente para a conta desse e-mail.
              </p>
            )}

            <div className="field">
              <label htmlFor={`${ids}-coupon`}>Cupom de desconto</label>
              <input
                id={`${ids}-coupon`}
                part="input coupon-input"
                autoComplete="off"
                autoCapitalize="characters"
                value={coupon}
                aria-describedby={`${ids}-coupon-hint`}
                onChange={(event) => setCoupon(event.currentTarget.value)}
              />
              <p id={`${ids}-coupon-hint`} className="hint">
                O desconto aparece ao finalizar a compra.
              </p>
            </div>

            <dl className="totals" part="totals">
              <div>
                <dt>Subtotal</dt>
                <dd>{formatCents(totalCents)}</dd>
              </div>
              <div className="muted">
                <dt>Taxa de serviço</dt>
                <dd>calculada ao finalizar</dd>
              </div>
            </dl>
            {expiresAt !== null && (
              <Countdown
                label="Seu carrinho expira em"
                name="Tempo restante do carrinho"
                until={expiresAt}
                part="countdown"
              />
            )}
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
