import { defineElement, elementClass } from '../../shared/define-element.ts';
import type { PlateiaCheckoutCompleteDetail, PlateiaCheckoutStartDetail } from '../../shared/events.ts';
import { withTheme } from '../../shared/styles.ts';
import checkoutCss from './checkout.css?inline';
import { Checkout, type CheckoutProps } from './checkout.tsx';

/** Tag name of the checkout element. */
export const CHECKOUT_TAG = 'plateia-checkout';

/**
 * The whole checkout of the shared cart: order summary (tickets with lot and seat, products,
 * remove one), coupon, the e-mail of who receives each ticket, "Finalizar Compra" with the
 * "Para finalizar a compra, acesse sua conta" gate and the login dialog, the reservation
 * with subtotal, desconto, taxa de serviço and total, the 15-minute countdown, "Cancelar
 * compra", payment by PIX (QR, copia e cola, detected without a reload) or card (the
 * gateway's tokeniser, installments) or "Dividir com amigos" (a PIX per share, then the group
 * page at `/pagamento-compartilhado/{id}`), and the "Compra confirmada!" confirmation.
 *
 * Needs a `<plateia-login>` on the page for the login step: it adds one when there is none
 * (the script-tag loader then fetches its code; ESM users import `@plateia/widgets/login`).
 *
 * @tag plateia-checkout
 * @summary The checkout: login gate, reservation, coupon, PIX or card, confirmation.
 *
 * @attr {string} event-id - The event being bought (the storefront's `/checkout/{eventId}`); reported in `plateia-checkout-start`. The reservation covers the shared cart, whose first item names the event.
 * @attr {string} signup-url - Where "Cadastrar" in the login gate goes. Default `/cadastro`.
 * @attr {string} tickets-url - Where "Ver Meus Ingressos" goes after payment. Default `/mytickets`.
 * @attr {string} shared-payment-url - Where the page goes once "Dividir com amigos" created the group; `{id}` is replaced by its id. Default `/pagamento-compartilhado/{id}` (the storefront's group page: set the storefront's address on other sites).
 *
 * @attr {string} queue-url - The event's waiting room, linked when a virtual queue refuses the reservation or payment (403 `queue_pass_*`); `{eventId}` is replaced by the event's id. Default `/fila/{eventId}`, resolved against the script-tag loader's address (the storefront serving `plateia.js`), else the page.
 *
 * @fires {CustomEvent<PlateiaCheckoutStartDetail>} plateia-checkout-start - The reservation opened an order: `detail` has `eventId`, `orderId`, `orderNumber`, `totalCents`.
 * @fires {CustomEvent<PlateiaCheckoutCompleteDetail>} plateia-checkout-complete - The order is paid: `detail` has `orderId` and `method` (`pix` or `card`).
 * @fires {CustomEvent<PlateiaErrorDetail>} plateia-error - A reservation or payment failed; `detail.message` is the pt-BR text shown.
 *
 * @csspart base - Wrapper of every step.
 * @csspart title - Step and dialog titles.
 * @csspart summary - The list of cart lines.
 * @csspart line - One ticket or product line.
 * @csspart remove-button - "Remover um" on a line.
 * @csspart input - Every text input and select.
 * @csspart coupon-input - The coupon field.
 * @csspart totals - Subtotal, desconto, taxa de serviço and total.
 * @csspart countdown - The time left to finish the purchase.
 * @csspart finish-button - "Finalizar Compra".
 * @csspart gate - The "Para finalizar a compra, acesse sua conta" `<dialog>`.
 * @csspart login-button - "Fazer Login" in the gate.
 * @csspart signup-button - "Cadastrar" in the gate.
 * @csspart close-button - "Agora não" in the gate.
 * @csspart methods - The payment method choice.
 * @csspart pix - The PIX panel.
 * @csspart pix-button - "Gerar código PIX".
 * @csspart qr - The PIX QR Code.
 * @csspart copy-button - "Copiar código".
 * @csspart simulate-link - "Simular pagamento" (sandbox only).
 * @csspart card-form - The card form.
 * @csspart card-frame - On a producer's page (another origin than the storefront's): the storefront's iframe "Dados do cartão" holding the card number, name, expiry and CVV.
 * @csspart installments - The installments select.
 * @csspart test-cards - The sandbox test cards hint.
 * @csspart pay-button - "Pagar R$ …" (card).
 * @csspart split-form - The "Dividir com amigos" form: shares, amounts, tickets and deadline.
 * @csspart split-shares - The list of shares in that form.
 * @csspart split-button - "Dividir o pagamento".
 * @csspart meia - The meia-entrada beneficiaries of a meia line.
 * @csspart meia-ticket - One meia ticket: category, its documents, name and document number.
 * @csspart meia-documents - The documents the door accepts for the chosen category.
 * @csspart order-notice - A notice of the reserved order before payment (lot turnover).
 * @csspart queue-link - "Ir para a sala de espera" after a virtual queue's refusal.
 * @csspart cancel-button - "Cancelar compra".
 * @csspart confirmation - The "Compra confirmada!" step.
 * @csspart tickets-link - "Ver Meus Ingressos".
 *
 * @cssprop [--plateia-accent=#8b5cf6] - Accent color: primary buttons, links, focus ring.
 * @cssprop [--plateia-accent-fg=#ffffff] - Text on the accent color.
 * @cssprop [--plateia-bg=#15151c] - Background of the checkout and the gate.
 * @cssprop [--plateia-surface=#1f1f29] - Inputs, lines and secondary surfaces.
 * @cssprop [--plateia-fg=#f4f4f6] - Text color.
 * @cssprop [--plateia-muted=#a1a1b0] - Labels and hints.
 * @cssprop [--plateia-border=#34343f] - Borders.
 * @cssprop [--plateia-danger=#f87171] - Error texts and invalid fields.
 * @cssprop [--plateia-success=#4ade80] - Discount, notices and the confirmation.
 * @cssprop [--plateia-radius=12px] - Corner radius.
 * @cssprop [--plateia-font=system-ui] - Font family.
 * @cssprop [--plateia-backdrop=rgb(0 0 0 / 0.7)] - Backdrop behind the gate.
 */
export class PlateiaCheckout extends elementClass<
  Pick<CheckoutProps, 'eventId' | 'signupUrl' | 'ticketsUrl' | 'sharedPaymentUrl' | 'queueUrl'>
>({
  component: Checkout,
  attributes: {
    eventId: 'string',
    signupUrl: 'string',
    ticketsUrl: 'string',
    sharedPaymentUrl: 'string',
    queueUrl: 'string',
  },
  styles: [withTheme(checkoutCss)],
}) {
  /** The event being bought; mirrors `event-id`. */
  declare eventId: string | undefined;
  /** Where "Cadastrar" goes; mirrors `signup-url`. */
  declare signupUrl: string | undefined;
  /** Where "Ver Meus Ingressos" goes; mirrors `tickets-url`. */
  declare ticketsUrl: string | undefined;
  /** Where "Dividir com amigos" goes once the group exists; mirrors `shared-payment-url`. */
  declare sharedPaymentUrl: string | undefined;
  /** The waiting room linked after a virtual queue's refusal; mirrors `queue-url`. */
  declare queueUrl: string | undefined;
}

/** `detail` types of this element's events. */
export type { PlateiaCheckoutCompleteDetail, PlateiaCheckoutStartDetail };

declare global {
  interface HTMLElementTagNameMap {
    'plateia-checkout': PlateiaCheckout;
  }
}

/** Registers `<plateia-checkout>` (once; a no-op on the server). */
export function defineCheckout(): CustomElementConstructor | undefined {
  return defineElement(CHECKOUT_TAG, PlateiaCheckout);
}
