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
