/**
 * The whole checkout (spec §2 and §4, decisions §6): the cart summary with coupon and the
 * e-mail of who receives each ticket, the login gate, the reservation with its fee
 * itemised and the 15-minute countdown, payment by PIX or card, and the confirmation.
 * Every rule lives in `@plateia/core`; this component only asks and shows.
 */

import { useStore } from '@nanostores/react';
import {
  type CartItem,
  cartItemKey,
  isResaleItem,
  isSeatItem,
  type ProductCartItem,
} from '@plateia/core/rules/cart';
import { isValidEmail } from '@plateia/core/rules/email';
import { formatCents } from '@plateia/core/rules/price';
import {
  $cart,
  $cartTotalCents,
  $productCart,
  removeOneFromCart,
  removeOneProductFromCart,
} from '@plateia/core/stores/cart';
import {
  $cartExpiresAt,
  $checkout,
  $checkoutStatus,
  $coupon,
  CHECKOUT_MESSAGES,
  type CheckoutData,
  quitCheckout,
  setCoupon,
  startCheckout,
} from '@plateia/core/stores/checkout';
import { navigate } from '@plateia/core/stores/navigation';
import {
  $cardConfig,
  $installmentOptions,
  $payment,
  loadCardConfig,
  newCardAttempt,
  payWithCard,
  startPixPayment,
} from '@plateia/core/stores/payment';
import { $authState, $user, initSession } from '@plateia/core/stores/session';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { emit, type PlateiaEventDetails, type PlateiaEventName } from '../../shared/events.ts';
import { useModalDialog } from '../../shared/modal-dialog.ts';
import { loadCardTokenizer, parseCardExpiry } from './card-tokenizer.ts';

/** pt-BR texts of the checkout that the spec leaves open (spec texts are quoted verbatim). */
export const CHECKOUT_TEXTS = {
  gateTitle: CHECKOUT_MESSAGES.loginRequired,
  gateBody:
    'Seus ingressos ficam guardados na sua conta: precisamos dela para enviar as informações dos ingressos.',
  holdersHint:
    'Os ingressos ficam na conta do e-mail informado e não são enviados por e-mail. Um ingresso com outro e-mail é transferido automaticamente para a conta desse e-mail.',
  reserved: 'Ingressos reservados. Escolha a forma de pagamento.',
  cancelled: 'Compra cancelada. Seus ingressos continuam no carrinho.',
  pixWaiting: 'Aguardando o pagamento. A confirmação aparece aqui assim que o PIX for pago.',
  copied: 'Código copiado!',
  cardMissing: 'Preencha os dados do cartão.',
  cardExpiry: 'Validade inválida. Use MM/AA.',
  cardInvalid: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
  cardUnavailable: 'Não foi possível carregar o pagamento com cartão. Tente novamente ou pague com PIX.',
  processing: 'Processando pagamento…',
  confirmed: 'Compra confirmada!',
  confirmedBody: 'Seus ingressos já estão na sua conta, em Meus Ingressos.',
} as const;

/** Where "Cadastrar" goes when no `signup-url` is given. */
export const DEFAULT_SIGNUP_URL = '/cadastro';
/** Where "Ver Meus Ingressos" goes when no `tickets-url` is given. */
export const DEFAULT_TICKETS_URL = '/mytickets';
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
}

type Emit = <Name extends PlateiaEventName>(type: Name, detail: PlateiaEventDetails[Name]) => void;

/** "14:59" for a number of milliseconds left (never negative). */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The current time, re-read every second while `active`. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * A step's heading, focused when the step appears after another one (not on page load),
 * so keyboard and screen-reader users land at the top of what just replaced the old step.
 */
function useStepHeading(focus: boolean): RefObject<HTMLHeadingElement | null> {
  const ref = useRef<HTMLHeadingElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the step mounts.
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, []);
  return ref;
}

const unitsOf = (item: CartItem): number => (isSeatItem(item) ? 1 : item.amount);

function ticketName(item: CartItem): string {
  return item.name || 'Ingresso';
}

function ticketDetails(item: CartItem): string {
  const parts: string[] = [];
  if (item.seatInfo?.isTable && item.seatInfo.tableName) parts.push(item.seatInfo.tableName);
  else if (item.seatDetails) {
    const { sectionName, rowName, seatNumber } = item.seatDetails;
    parts.push(`${sectionName}, fila ${rowName}, assento ${seatNumber}`);
  }
  if (item.n_number !== null && !isSeatItem(item)) parts.push(`Lote ${item.n_number}`);
  if (item.numerationSelected !== null && item.numerationSelected !== '' && !isSeatItem(item)) {
    parts.push(`Número ${item.numerationSelected}`);
  }
  if (isResaleItem(item)) parts.push('Revenda');
  return parts.join(' · ');
}

/** The checkout as a React component. */
export function Checkout({ eventId, signupUrl, ticketsUrl, container }: CheckoutProps): ReactNode {
  const cart = useStore($cart);
  const products = useStore($productCart);
  const checkout = useStore($checkout);
  const payment = useStore($payment);
  const user = useStore($user);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const [notice, setNotice] = useState('');
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const fire: Emit = (type, detail) => {
    const target = container?.host ?? rootRef.current;
    if (target) emit(target, type, detail);
  };
  const fireRef = useRef(fire);
  fireRef.current = fire;

  useEffect(() => {
    if ($authState.get() === 'loading') initSession();
  }, []);

  // What ended a checkout is shown here, whoever ended it: core's expiry timer, a lapsed PIX,
  // or another tab. A quit keeps the cart; an expiry or end empties it.
  useEffect(() => {
    let deadline = $cartExpiresAt.get();
    const unsubscribeDeadline = $cartExpiresAt.listen((next) => {
      if (next !== null) deadline = next;
    });
    const onEmptied = () => {
      const paid = $payment.get();
      if (paid.phase === 'paid') return;
      if (paid.phase === 'expired' && paid.message) setNotice(paid.message);
      else if (deadline !== null && Date.now() >= deadline) setNotice(CHECKOUT_MESSAGES.expired);
    };
    const unsubscribeCart = $cart.listen((next, previous) => {
      if (next.length === 0 && (previous?.length ?? 0) > 0) onEmptied();
    });
    const unsubscribeCheckout = $checkout.listen((next, previous) => {
      if (!next && previous && $cart.get().length === 0) onEmptied();
    });
    return () => {
      unsubscribeDeadline();
      unsubscribeCart();
      unsubscribeCheckout();
    };
  }, []);

  // Payment outcomes become the confirmation, or `plateia-error` for the page.
  useEffect(
    () =>
      $payment.listen((next, previous) => {
        if (next.phase === previous?.phase) return;
        if (next.phase === 'paid') {
          const orderId = String(next.orderId ?? '');
          setConfirmed(orderId);
          setNotice('');
          fireRef.current('plateia-checkout-complete', { orderId, method: next.method });
        } else if (
          (next.phase === 'failed' || next.phase === 'declined' || next.phase === 'expired') &&
          next.message
        ) {
          fireRef.current('plateia-error', { message: next.message });
        }
      }),
    [],
  );

  let step: 'cart' | 'payment' | 'confirmed' = 'cart';
  if (confirmed !== null) step = 'confirmed';
  else if (checkout) step = 'payment';
  // Once the person has moved between steps, each new step takes focus (not on page load).
  const initialStep = useRef(step);
  const moved = useRef(false);
  if (step !== initialStep.current) moved.current = true;
  const focus = moved.current;

  return (
    <div ref={rootRef} part="base" className="checkout" data-step={step}>
      {step === 'confirmed' && <Confirmation ticketsUrl={ticketsUrl || DEFAULT_TICKETS_URL} />}
      {step === 'payment' && checkout && (
        <PaymentStep
          focus={focus}
          checkout={checkout}
          payment={payment}
          fire={fire}
          onQuit={() => {
            void quitCheckout();
            setNotice(CHECKOUT_TEXTS.cancelled);
          }}
        />
      )}
      {step === 'cart' && (
        <CartStep
          focus={focus}
          cart={cart}
          products={products}
          userEmail={user?.user ?? ''}
          loggedIn={user !== null}
          eventId={eventId}
          signupUrl={signupUrl || DEFAULT_SIGNUP_URL}
          notice={notice}
          fire={fire}
          onStarted={() => setNotice('')}
        />
      )}
    </div>
  );
}

interface CartStepProps {
  focus: boolean;
  cart: CartItem[];
  products: ProductCartItem[];
  userEmail: string;
  loggedIn: boolean;
  eventId: string | undefined;
  signupUrl: string;
  notice: string;
  fire: Emit;
  onStarted: () => void;
}

function CartStep({
  focus,
  cart,
  products,
  userEmail,
  loggedIn,
  eventId,
  signupUrl,
  notice,
  fire,
  onStarted,
}: CartStepProps): ReactNode {
  const ids = useId();
  const status = useStore($checkoutStatus);
  const coupon = useStore($coupon);
  const totalCents = useStore($cartTotalCents);
  const expiresAt = useStore($cartExpiresAt);
  const empty = cart.length + products.length === 0;
  const now = useNow(!empty && expiresAt !== null);
  const [holders, setHolders] = useState<Record<string, string[]>>({});
  const [holderErrors, setHolderErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [gateOpen, setGateOpen] = useState(false);
  const headingRef = useStepHeading(focus);

  const holderValue = (key: string, index: number): string => holders[key]?.[index] ?? userEmail;

  const begin = async (): Promise<void> => {
    const errors: Record<string, string> = {};
    const holderEmails: Record<string, string[]> = {};
    for (const item of cart) {
      const key = cartItemKey(item);
      const emails = Array.from({ length: unitsOf(item) }, (_, index) => holderValue(key, index).trim());
      emails.forEach((email, index) => {
        if (email && !isValidEmail(email)) errors[`${key}#${index}`] = 'Endereço de e-mail inválido';
      });
      holderEmails[key] = emails;
    }
    setHolderErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setError('');
    const result = await startCheckout({ coupon, holderEmails });
    if (result.ok) {
      onStarted();
      const { order } = result.checkout;
      fire('plateia-checkout-start', {
        eventId: String(result.checkout.eventId ?? eventId ?? ''),
        orderId: String(order.id),
        orderNumber: order.number,
        totalCents: order.totalCents,
      });
      return;
    }
    if (result.reason === 'login') {
      setGateOpen(true);
      return;
    }
    setError(result.message);
    fire('plateia-error', { message: result.message });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (!loggedIn) {
      setGateOpen(true);
      return;
    }
    void begin();
  };

  // Spec §2: once logged in through the gate, the purchase goes on by itself.
  const beginRef = useRef(begin);
  beginRef.current = begin;
  useEffect(() => {
    if (gateOpen && loggedIn) {
      setGateOpen(false);
      void beginRef.current();
    }
  }, [gateOpen, loggedIn]);

  return (
    <section className="step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} part="title" className="title">
        Resumo do pedido
      </h2>
      <p className="notice" role="status">
        {notice}
      </p>
      <p className="form-error" role="alert">
        {error}
      </p>
      {empty ? (
        <>
          <p className="empty">{CHECKOUT_MESSAGES.emptyCart}</p>
          <button type="button" className="primary" part="finish-button" disabled>
            Finalizar Compra
          </button>
        </>
      ) : (
        <form className="form" noValidate onSubmit={onSubmit}>
          <ul className="lines" part="summary">
            {cart.map((item) => {
              const key = cartItemKey(item);
              const details = ticketDetails(item);
              return (
                <li key={key} className="line" part="line">
                  <div className="line-main">
                    <span className="line-name">
                      {unitsOf(item)}× {ticketName(item)}
                    </span>
                    {details && <span className="line-details">{details}</span>}
                  </div>
                  <span className="amount">{formatCents(item.tk_price * unitsOf(item))}</span>
                  <button
                    type="button"
                    className="remove"
                    part="remove-button"
                    aria-label={`Remover um: ${ticketName(item)}${details ? ` (${details})` : ''}`}
                    onClick={() => void removeOneFromCart(key)}
                  >
                    Remover um
                  </button>
                  <div className="holders">
                    {Array.from({ length: unitsOf(item) }, (_, index) => {
                      const fieldId = `${ids}-${key}-${index}`;
                      const fieldError = holderErrors[`${key}#${index}`];
                      return (
                        // biome-ignore lint/suspicious/noArrayIndexKey: one field per ticket unit, in order.
                        <div className="field" key={index}>
                          <label htmlFor={fieldId}>
                            E-mail de quem recebe o ingresso {index + 1} ({ticketName(item)})
                          </label>
                          <input
                            id={fieldId}
                            part="input"
                            type="email"
                            inputMode="email"
                            autoComplete="email"
                            placeholder={userEmail ? undefined : 'O seu, ao acessar a conta'}
                            value={holderValue(key, index)}
                            aria-invalid={fieldError ? 'true' : undefined}
                            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
                            onChange={(event) => {
                              const value = event.currentTarget.value;
                              setHolders((current) => {
                                const emails = Array.from({ length: unitsOf(item) }, (_, at) =>
                                  at === index ? value : (current[key]?.[at] ?? userEmail),
                                );
                                return { ...current, [key]: emails };
                              });
                            }}
                          />
                          {fieldError && (
                            <p id={`${fieldId}-error`} className="field-error">
                              {fieldError}
                            </p>
                          )}
                        </div>
                      );
                    })}
                  </div>
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
          {cart.length > 0 && <p className="hint">{CHECKOUT_TEXTS.holdersHint}</p>}

          <div className="field coupon">
            <label htmlFor={`${ids}-coupon`}>Cupom de desconto</label>
            <input
              id={`${ids}-coupon`}
              part="input coupon-input"
              type="text"
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
            <p className="countdown" part="countdown">
              Seu carrinho expira em{' '}
              <span role="timer" aria-label="Tempo restante do carrinho">
                {formatRemaining(expiresAt - now)}
              </span>
            </p>
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
      )}
      <LoginGate open={gateOpen} signupUrl={signupUrl} onClose={() => setGateOpen(false)} />
    </section>
  );
}

/** Asks the page's `<plateia-login>` to open, adding one (opened) when the page has none. */
export function openLoginDialog(): void {
  if (typeof document === 'undefined') return;
  if (!document.querySelector('plateia-login')) {
    // The script-tag loader sees the new tag and fetches the login element's code.
    const login = document.createElement('plateia-login');
    login.setAttribute('open', '');
    document.body.append(login);
    return;
  }
  // Until the login code is defined nothing listens; after that it keeps the request.
  void customElements.whenDefined('plateia-login').then(() => {
    document.dispatchEvent(
      new CustomEvent('plateia-login-open', { detail: {}, bubbles: true, composed: true }),
    );
  });
}

interface LoginGateProps {
  open: boolean;
  signupUrl: string;
  onClose: () => void;
}

/** Spec §2: "Para finalizar a compra, acesse sua conta", with "Cadastrar" and the login dialog. */
function LoginGate({ open, signupUrl, onClose }: LoginGateProps): ReactNode {
  const ids = useId();
  const dialog = useModalDialog({ open, onClose });
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
            {CHECKOUT_TEXTS.gateTitle}
          </h2>
          <p id={`${ids}-body`}>{CHECKOUT_TEXTS.gateBody}</p>
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
  payment: ReturnType<typeof $payment.get>;
  fire: Emit;
  onQuit: () => void;
}

function PaymentStep({ focus, checkout, payment, fire, onQuit }: PaymentStepProps): ReactNode {
  const ids = useId();
  const { order } = checkout;
  const expiresAt = useStore($cartExpiresAt);
  const now = useNow(expiresAt !== null);
  const [method, setMethod] = useState<'pix' | 'card'>(payment.method ?? 'pix');
  const headingRef = useStepHeading(focus);
  const busy = payment.phase === 'creating' || (payment.phase === 'waiting' && payment.method === 'card');

  return (
    <section className="step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} part="title" className="title">
        Pagamento
      </h2>
      <p className="notice" role="status">
        {CHECKOUT_TEXTS.reserved}
      </p>
      {expiresAt !== null && (
        <p className="countdown" part="countdown">
          Tempo restante para finalizar a compra:{' '}
          <span role="timer" aria-label="Tempo restante da reserva">
            {formatRemaining(expiresAt - now)}
          </span>
        </p>
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
        <label className="method">
          <input
            type="radio"
            name={`${ids}-method`}
            value="pix"
            checked={method === 'pix'}
            onChange={() => setMethod('pix')}
          />
          PIX
        </label>
        <label className="method">
          <input
            type="radio"
            name={`${ids}-method`}
            value="card"
            checked={method === 'card'}
            onChange={() => setMethod('card')}
          />
          Cartão de crédito
        </label>
      </fieldset>

      {method === 'pix' ? (
        <PixPayment payment={payment} now={now} />
      ) : (
        <CardPayment payment={payment} totalCents={order.totalCents} fire={fire} />
      )}

      <button type="button" className="secondary" part="cancel-button" onClick={onQuit}>
        Cancelar compra
      </button>
    </section>
  );
}

interface PixPaymentProps {
  payment: ReturnType<typeof $payment.get>;
  now: number;
}

function PixPayment({ payment, now }: PixPaymentProps): ReactNode {
  const ids = useId();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLInputElement | null>(null);
  const pix = payment.method === 'pix' ? payment.pix : null;

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (): Promise<void> => {
    if (!pix) return;
    try {
      await navigator.clipboard.writeText(pix.brcode);
    } catch {
      // No clipboard API (plain-http host page) or permission refused: copy the selection.
      codeRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
  };

  if (!pix || payment.phase === 'creating' || payment.phase === 'idle') {
    return (
      <div className="pix" part="pix">
        <p className="hint">Pague na hora pelo app do seu banco com o QR Code ou o código copia e cola.</p>
        <p className="form-error" role="alert">
          {payment.method === 'pix' && payment.phase === 'failed' ? (payment.message ?? '') : ''}
        </p>
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
      </div>
    );
  }

  const pixExpiresAt = Date.parse(pix.expiresAt);
  return (
    <div className="pix" part="pix">
      <div
        className="qr"
        part="qr"
        role="img"
        aria-label="QR Code do PIX"
        // The SVG is drawn by our API host from the BR Code; it is not page input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
        dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
      />
      <div className="field">
        <label htmlFor={`${ids}-code`}>PIX copia e cola</label>
        <div className="copy-row">
          <input id={`${ids}-code`} ref={codeRef} part="input" readOnly value={pix.brcode} />
          <button type="button" className="secondary" part="copy-button" onClick={() => void copy()}>
            {copied ? CHECKOUT_TEXTS.copied : 'Copiar código'}
          </button>
        </div>
      </div>
      {Number.isFinite(pixExpiresAt) && (
        <p className="countdown">
          O código expira em{' '}
          <span role="timer" aria-label="Tempo restante do código PIX">
            {formatRemaining(pixExpiresAt - now)}
          </span>
        </p>
      )}
      <p className="notice" role="status">
        {payment.phase === 'waiting' ? CHECKOUT_TEXTS.pixWaiting : ''}
        {copied ? ` ${CHECKOUT_TEXTS.copied}` : ''}
      </p>
      <p className="form-error" role="alert">
        {payment.phase === 'failed' || payment.phase === 'expired' ? (payment.message ?? '') : ''}
      </p>
      {pix.simulateUrl && (
        <p className="sandbox">
          Ambiente de testes:{' '}
          <a href={pix.simulateUrl} target="_blank" rel="noopener noreferrer" part="simulate-link">
            Simular pagamento
          </a>
        </p>
      )}
    </div>
  );
}

interface CardPaymentProps {
  payment: ReturnType<typeof $payment.get>;
  totalCents: number;
  fire: Emit;
}

function CardPayment({ payment, totalCents, fire }: CardPaymentProps): ReactNode {
  const ids = useId();
  const config = useStore($cardConfig);
  const options = useStore($installmentOptions);
  const [number, setNumber] = useState('');
  const [holder, setHolder] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvv, setCvv] = useState('');
  const [installments, setInstallments] = useState(1);
  const [error, setError] = useState('');
  const [tokenizing, setTokenizing] = useState(false);

  useEffect(() => {
    if (!$cardConfig.get()) void loadCardConfig();
  }, []);
  // Load the gateway's script as soon as the card form shows, so paying does not wait for it.
  useEffect(() => {
    if (config) loadCardTokenizer(config.tokenizerUrl, config.tokenizerGlobal).catch(() => {});
  }, [config]);

  const mine = payment.method === 'card';
  const processing = tokenizing || (mine && payment.phase === 'creating');
  const outcome = mine && (payment.phase === 'declined' || payment.phase === 'failed') ? payment.message : '';
  const pending = mine && payment.phase === 'waiting' ? payment.message : '';

  const fail = (message: string): void => {
    setError(message);
    fire('plateia-error', { message });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setError('');
    if (!number.trim() || !holder.trim() || !expiry.trim() || !cvv.trim()) {
      setError(CHECKOUT_TEXTS.cardMissing);
      return;
    }
    const date = parseCardExpiry(expiry);
    if (!date) {
      setError(CHECKOUT_TEXTS.cardExpiry);
      return;
    }
    const settings = config ?? (await loadCardConfig());
    if (!settings) return fail(CHECKOUT_TEXTS.cardUnavailable);
    setTokenizing(true);
    let token: string;
    try {
      const tokenizer = await loadCardTokenizer(settings.tokenizerUrl, settings.tokenizerGlobal).catch(() => {
        throw new Error(CHECKOUT_TEXTS.cardUnavailable);
      });
      ({ token } = await tokenizer.tokenize({ number, holder: holder.trim(), cvv, ...date }));
    } catch (failure) {
      setTokenizing(false);
      return fail(failure instanceof Error && failure.message ? failure.message : CHECKOUT_TEXTS.cardInvalid);
    }
    setTokenizing(false);
    // The number and code are not kept once the gateway has them.
    setNumber('');
    setCvv('');
    newCardAttempt();
    await payWithCard({ token, installments });
  };

  return (
    <form className="card form" part="card-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <div className="field">
        <label htmlFor={`${ids}-number`}>Número do cartão</label>
        <input
          id={`${ids}-number`}
          part="input"
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(event) => setNumber(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-holder`}>Nome impresso no cartão</label>
        <input
          id={`${ids}-holder`}
          part="input"
          autoComplete="cc-name"
          value={holder}
          onChange={(event) => setHolder(event.currentTarget.value)}
        />
      </div>
      <div className="row">
        <div className="field">
          <label htmlFor={`${ids}-expiry`}>Validade (MM/AA)</label>
          <input
            id={`${ids}-expiry`}
            part="input"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-cvv`}>CVV</label>
          <input
            id={`${ids}-cvv`}
            part="input"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvv}
            onChange={(event) => setCvv(event.currentTarget.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-installments`}>Parcelas</label>
        <select
          id={`${ids}-installments`}
          part="input installments"
          value={installments}
          onChange={(event) => setInstallments(Number(event.currentTarget.value))}
        >
          {options.map((option) => (
            <option key={option.installments} value={option.installments}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {config?.sandbox && config.testCards && config.testCards.length > 0 && (
        <div className="sandbox" part="test-cards">
          <p>Ambiente de testes: use um destes cartões, com validade futura e qualquer CVV de 3 dígitos.</p>
          <ul>
            {config.testCards.map((card) => (
              <li key={`${card.number}-${card.holder}`}>
                {card.number} com o nome {card.holder}: {card.outcome}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="form-error" role="alert">
        {error || outcome}
      </p>
      <p className="notice" role="status">
        {processing ? CHECKOUT_TEXTS.processing : pending}
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

function Confirmation({ ticketsUrl }: { ticketsUrl: string }): ReactNode {
  const ids = useId();
  const headingRef = useStepHeading(true);
  return (
    <section className="step confirmed" aria-labelledby={`${ids}-title`} part="confirmation">
      <h2 id={`${ids}-title`} ref={headingRef} tabIndex={-1} part="title" className="title">
        {CHECKOUT_TEXTS.confirmed}
      </h2>
      <p role="status">{CHECKOUT_TEXTS.confirmedBody}</p>
      <a className="primary" href={ticketsUrl} part="tickets-link">
        Ver Meus Ingressos
      </a>
    </section>
  );
}
