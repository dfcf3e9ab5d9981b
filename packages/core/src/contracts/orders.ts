// Order wire shapes shared by the API host and the client.
import type { MeiaBeneficiary } from './catalogue.ts';

/** An order line as answered. */
export interface OrderItemView {
  kind: 'ticket' | 'product' | 'resale';
  ticketTypeId: number | null;
  productId: number | null;
  seatId: number | null;
  tableId: number | null;
  resaleId: number | null;
  n_number: number | null;
  quantity: number;
  unitPriceCents: number;
  holderEmail: string | null;
  /**
   * A meia-entrada ticket's beneficiary (its price is half the lot's); null or absent for a
   * full-price ticket.
   */
  meia?: MeiaBeneficiary | null;
}

/** The order a reservation opened: money in cents; `expiresAt` ends the checkout window. */
export interface ReservedOrder {
  id: number;
  number: string;
  status: 'reserved';
  eventId: number;
  subtotalCents: number;
  discountCents: number;
  feeCents: number;
  totalCents: number;
  coupon: { code: string; kind: 'percent' | 'fixed'; value: number } | null;
  expiresAt: string;
  items: OrderItemView[];
  /**
   * pt-BR notices the checkout shows before payment, e.g. a lot that turned while buying:
   * "O 1º lote esgotou; seu ingresso é do 2º lote por R$ 150,00". The API host always sends
   * the list (empty when none); optional so older answers still read.
   */
  notices?: string[];
}

/** What the server allows for one product line of a reservation. */
export interface ProductAllowance {
  product_id: number;
  product_allow: number;
  product_is_permitted_to_buy: boolean;
}
