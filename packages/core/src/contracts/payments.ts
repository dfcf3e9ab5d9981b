// Payment wire shapes shared by the API host (which answers them) and the client (which
// reads them). docs/payments.md describes the flows.

/** A PIX charge: the BR Code ("copia e cola"), its QR (SVG markup) and when it lapses. */
export interface PixCharge {
  paymentId: number;
  orderId: number;
  txid: string;
  /** BR Code "copia e cola". */
  brcode: string;
  /** The BR Code as a QR image, SVG markup. */
  qrSvg: string;
  /** Cents. */
  amount: number;
  expiresAt: string;
  status: string;
  /** Sandbox only: the PSP page with the "Simular pagamento" button. */
  simulateUrl?: string;
}

/** What a card attempt answered. */
export interface CardChargeAnswer {
  paymentId: number;
  orderId: number;
  status: 'approved' | 'declined' | 'pending' | 'refund_required';
  /** pt-BR outcome text. */
  message: string;
  installments: number;
  installmentLabel: string;
  card: { brand: string; last4: string } | null;
  /** True when the idempotency key was seen before and this repeats the stored outcome. */
  replayed: boolean;
}

/** Order statuses of `GET /payments/{orderId}/status`. */
export type OrderPaymentStatus = 'reserved' | 'paid' | 'expired' | 'cancelled' | 'refund_required';

/** `GET /payments/{orderId}/status`: where an order's payment stands, for the checkout's polling. */
export interface PaymentStatusAnswer {
  orderId: number;
  orderNumber: string;
  status: OrderPaymentStatus;
  totalCents: number;
  expiresAt: string;
  paidAt: string | null;
  /** pt-BR description of the status. */
  message: string;
  payment: { id: number; method: 'pix' | 'card'; status: string; txid: string | null } | null;
}
