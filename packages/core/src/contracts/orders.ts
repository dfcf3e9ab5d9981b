// Order wire shapes shared by the API host and the client.

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
}

/** What the server allows for one product line of a reservation. */
export interface ProductAllowance {
  product_id: number;
  product_allow: number;
  product_is_permitted_to_buy: boolean;
}
