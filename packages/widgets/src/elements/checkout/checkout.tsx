/**
 * The whole checkout (spec §2 and §4, decisions §6): the cart summary with coupon and the
 * e-mail of who receives each ticket, the login gate, the reservation with its fee
 * itemised and the 15-minute countdown, payment by PIX or card, and the confirmation.
 * Every rule lives in `@plateia/core`; this component only asks and shows. Its pt-BR texts
 * are written where they show; the spec's are quoted verbatim.
 */

import { useStore } from '@nanostores/react';
import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { CHECKOUT_MESSAGES } from '@plateia/core/messages/checkout';
import { CARD_INVALID_MESSAGE } from '@plateia/core/messages/payments';
import { SHARED_PAYMENT_MESSAGES } from '@plateia/core/messages/shared-payments';
import { type CartItem, cartItemKey, isResaleItem, isSeatItem, ticketUnits } from '@plateia/core/rules/cart';
import { isValidEmail } from '@plateia/core/rules/email';
import { formatCents } from '@plateia/core/rules/price';
import {
  $cart,
  $cartTotalCents,
  $productCart,
  removeOneFromCart,
  removeOneProductFromCart,
} from '@plateia/core/stores/cart';
import { $cartExpiresAt } from '@plateia/core/stores/cart-expiry';
import {
  $checkout,
  $checkoutStatus,
  $coupon,
  type CheckoutData,
  quitCheckout,
  setCoupon,
  startCheckout,
} from '@plateia/core/stores/checkout';
import { navigate } from '@plateia/core/stores/navigation';
import {
  $cardConfig,
  $payment,
  loadCardConfig,
  newCardAttempt,
  payWithCard,
  startPixPayment,
} from '@plateia/core/stores/payment';
import { $authState, $user, initSession } from '@plateia/core/stores/session';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { emit } from '../../shared/events.ts';
import { useModalDialog } from '../../shared/modal-dialog.ts';
import { embedStorefront } from '../../shared/storefront-origin.ts';
import { useCardFrame } from './card-frame-field.tsx';
import {
  CARD_EXPIRY_INVALID,
  CARD_FIELDS_MISSING,
  CARD_UNAVAILABLE,
  cardDataFrom,
  loadCardTokenizer,
} from './card-tokenizer.ts';
import { Countdown, type Emit, type Payment, Step } from './checkout-parts.tsx';
import { QueueLink, useMeiaForm } from './meia-beneficiaries.tsx';
import { SplitPayment } from './split-payment.tsx';

/** How long "Código copiado!" stays before the button reads "Copiar código" again (ms). */
export const COPIED_RESET_MS = 3000;

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

function ticketDetails(item: CartItem): string {
  const parts: string[] = [];
  if (item.seatInfo?.isTable && item.seatInfo.tableName) parts.push(item.seatInfo.tableName);
  else if (item.seatDetails) {
    const { sectionName, rowName, seatNumber } = item.seatDetails;
    parts.push(`${sectionName}, fila ${rowName}, assento ${seatNumber}`);
  }
  if (!isSeatItem(item)) {
    if (item.n_number !== null) parts.push(`Lote ${item.n_number}`);
    if (item.numerationSelected !== null && item.numerationSelected !== '') {
      parts.push(`Número ${item.numerationSelected}`);
    }
  }
  if (isResaleItem(item)) parts.push('Revenda');
  if (item.meia) parts.push('Meia-entrada');
  return parts.join(' · ');
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

interface CartStepProps {
  focus: boolean;
  eventId: string | undefined;
  signupUrl: string;
  notice: string;
  fire: Emit;
  queueUrl: string | undefined;
  onStarted: () => void;
}

function CartStep({
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
                const details = ticketDetails(item);
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

/** Asks the page's `<plateia-login>` to open, adding one (opened) when the page has none. */
function openLoginDialog(): void {
  if (!document.querySelector('plateia-login')) {
    // The script-tag loader sees the new tag and fetches the login element's code.
    const login = document.createElement('plateia-login');
    login.setAttribute('open', '');
    document.body.append(login);
    return;
  }
  // Until the login code is defined nothing listens; after that it keeps the request.
  void customElements.whenDefined('plateia-login').then(() => emit(document, 'plateia-login-open', {}));
}

interface LoginGateProps {
  open: boolean;
  signupUrl: string;
  onClose: () => void;
}

/**
 * Spec §2: "Para finalizar a compra, acesse sua conta", with "Fazer Login" and "Cadastrar".
 * Whoever opens the gate opens the login dialog over it too.
 */
function LoginGate({ open, signupUrl, onClose }: LoginGateProps): ReactNode {
  const ids = useId();
  const dialog = useModalDialog({ open, onClose });
  // After the gate's own showModal (the hook's effect runs first), so the login dialog
  // lands above the gate in the top layer and takes the clicks.
  useEffect(() => {
    if (open) openLoginDialog();
  }, [open]);
  return (
    <dialog
      {...dialog}
      part="gate"
      className="dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-body`}
      aria-modal="true"
    >
      {open && (
        <div className="panel">
          <h2 id={`${ids}-title`} className="title" part="title">
            {CHECKOUT_MESSAGES.loginRequired}
          </h2>
          <p id={`${ids}-body`}>
            Seus ingressos ficam guardados na sua conta: precisamos dela para enviar as informações dos
            ingressos.
          </p>
          <button type="button" className="primary" part="login-button" onClick={openLoginDialog}>
            Fazer Login
          </button>
          <button
            type="button"
            className="secondary"
            part="signup-button"
            onClick={() => {
              onClose();
              navigate(signupUrl);
            }}
          >
            Cadastrar
          </button>
          <button type="button" className="link" part="close-button" onClick={onClose}>
            Agora não
          </button>
        </div>
      )}
    </dialog>
  );
}

interface PaymentStepProps {
  focus: boolean;
  checkout: CheckoutData;
  fire: Emit;
  sharedPaymentUrl: string | undefined;
  queueUrl: string | undefined;
  onQuit: () => void;
}

const METHODS = [
  ['pix', 'PIX'],
  ['card', 'Cartão de crédito'],
  ['split', SHARED_PAYMENT_MESSAGES.method],
] as const;

function PaymentStep({
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

/** "Gerar código PIX", then the QR and the copia e cola of the charge. */
function PixPayment({ payment }: { payment: Payment }): ReactNode {
  const ids = useId();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLInputElement | null>(null);
  // A charge is shown once created; until then (or while a new one is made) the button is.
  const charge = payment.method === 'pix' && payment.phase !== 'creating' ? payment.pix : null;

  const copy = async (code: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard API (plain-http host page) or permission refused: copy the selection.
      codeRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };

  return (
    <div className="pix" part="pix">
      {charge ? (
        <>
          <div
            className="qr"
            part="qr"
            role="img"
            aria-label="QR Code do PIX"
            // The SVG is drawn by our API host from the BR Code; it is not page input.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
            dangerouslySetInnerHTML={{ __html: charge.qrSvg }}
          />
          <div className="field">
            <label htmlFor={`${ids}-code`}>PIX copia e cola</label>
            <div className="copy-row">
              <input id={`${ids}-code`} ref={codeRef} part="input" readOnly value={charge.brcode} />
              <button
                type="button"
                className="secondary"
                part="copy-button"
                onClick={() => void copy(charge.brcode)}
              >
                {copied ? 'Código copiado!' : 'Copiar código'}
              </button>
            </div>
          </div>
          <Countdown
            label="O código expira em"
            name="Tempo restante do código PIX"
            until={Date.parse(charge.expiresAt)}
          />
          <p className="notice" role="status">
            {payment.phase === 'waiting'
              ? 'Aguardando o pagamento. A confirmação aparece aqui assim que o PIX for pago.'
              : ''}
            {copied ? ' Código copiado!' : ''}
          </p>
        </>
      ) : (
        <p className="hint">Pague na hora pelo app do seu banco com o QR Code ou o código copia e cola.</p>
      )}
      {/* A lapsed charge ends the checkout at once: its message shows on the summary. */}
      <p className="form-error" role="alert">
        {payment.method === 'pix' && payment.phase === 'failed' ? payment.message : ''}
      </p>
      {charge ? (
        charge.simulateUrl && (
          <p className="sandbox">
            Ambiente de testes:{' '}
            <a href={charge.simulateUrl} target="_blank" rel="noopener noreferrer" part="simulate-link">
              Simular pagamento
            </a>
          </p>
        )
      ) : (
        <button
          type="button"
          className="primary"
          part="pix-button"
          disabled={payment.phase === 'creating'}
          aria-busy={payment.phase === 'creating'}
          onClick={() => void startPixPayment()}
        >
          Gerar código PIX
        </button>
      )}
    </div>
  );
}

interface CardPaymentProps {
  payment: Payment;
  totalCents: number;
  fire: Emit;
}

/** The card inputs: which of them, its label, autocomplete token and extra attributes. */
const CARD_FIELDS = [
  ['number', 'Número do cartão', 'cc-number', 'numeric'],
  ['holder', 'Nome impresso no cartão', 'cc-name'],
  ['expiry', 'Validade (MM/AA)', 'cc-exp', 'numeric', 'MM/AA'],
  ['cvv', 'CVV', 'cc-csc', 'numeric'],
] as const;

type CardForm = Record<(typeof CARD_FIELDS)[number][0], string>;

const EMPTY_CARD: CardForm = { number: '', holder: '', expiry: '', cvv: '' };

function CardPayment({ payment, totalCents, fire }: CardPaymentProps): ReactNode {
  const ids = useId();
  const config = useStore($cardConfig);
  // The installments the API host computes and charges for this total ("3x de R$ 33,34"),
  // which come with the configuration asked for it (one of an earlier order's does not do).
  const options = config?.amount === totalCents ? config.installments : [];
  const [card, setCard] = useState(EMPTY_CARD);
  const [installments, setInstallments] = useState(1);
  const [error, setError] = useState('');
  const [tokenizing, setTokenizing] = useState(false);
  // On a producer's page the fields are the storefront's iframe (card-frame.ts): the card
  // is typed and tokenized on the Plateia origin, and this page gets only the token.
  const [storefront] = useState(embedStorefront);
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
      {!storefront && !!config?.testCards?.length && (
        <div className="sandbox" part="test-cards">
          <p>Ambiente de testes: use um destes cartões, com validade futura e qualquer CVV de 3 dígitos.</p>
          <ul>
            {config.testCards.map((test) => (
              // The holder name picks the sandbox outcome: one card for each.
              <li key={test.holder}>
                {test.number} com o nome {test.holder}: {test.outcome}
              </li>
            ))}
          </ul>
        </div>
      )}
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
