// Wallet wire shapes shared by the API host (which answers them) and the clients (which read
// them). docs/wallet.md describes the flows.

/** What a wallet movement is, as the statement filters it (the ledger's movement kinds). */
export type WalletMovementKind =
  | 'wallet_topup'
  | 'wallet_spend'
  | 'pos_spend'
  | 'wallet_return'
  | 'refund'
  | 'resale_sale'
  | 'reversal';

/** `GET /wallet`: the balance and the top-up limits. */
export interface WalletSummary {
  /** Cents. */
  balanceCents: number;
  /** Smallest and largest top-up, in cents. */
  minTopUpCents: number;
  maxTopUpCents: number;
  /** Cents that a return ("Devolver saldo") can send back now (top-ups of the last 90 days). */
  returnableCents: number;
}

/** One line of the statement, newest first. */
export interface WalletStatementLine {
  entryId: number;
  kind: WalletMovementKind | string;
  /** Positive: money in; negative: money out. Cents. */
  amountCents: number;
  orderId: number | null;
  memo: string | null;
  createdAt: string;
}

/** `GET /wallet/statement`: a page of lines; `nextBefore` asks for the next page. */
export interface WalletStatementPage {
  lines: WalletStatementLine[];
  /** Pass as `before` for older lines; null on the last page. */
  nextBefore: number | null;
}

/** A PIX top-up: its own charge (BR Code, QR) and where it stands. */
export interface WalletTopUp {
  id: number;
  /** Cents. */
  amountCents: number;
  status: 'pending' | 'credited' | 'expired';
  txid: string;
  /** BR Code "copia e cola". */
  brcode: string;
  /** The BR Code as a QR image, SVG markup. */
  qrSvg: string;
  expiresAt: string;
  paidAt: string | null;
  /** Sandbox only: the PSP page with the "Simular pagamento" button. */
  simulateUrl?: string;
}

/** A return of the leftover to a PIX account that paid a top-up. */
export interface WalletReturn {
  id: number;
  topUpId: number;
  amountCents: number;
  status: 'requested' | 'returned' | 'failed';
  createdAt: string;
}

/** `POST /wallet/returns`: what "Devolver saldo" sent back. */
export interface WalletReturnAnswer {
  returns: WalletReturn[];
  /** Cents sent back in all. */
  returnedCents: number;
  /** Cents left in the wallet (older top-ups, or money that did not come from a top-up). */
  balanceCents: number;
  message: string;
}

/** `POST /wallet/checkout`: the wallet part of an order. */
export interface WalletOrderPart {
  orderId: number;
  /** Cents taken from the wallet for the order. */
  walletCents: number;
  /** Cents still to pay by PIX or card (0: the wallet paid it all and the order is paid). */
  dueCents: number;
  /** 'held' until the order settles; 'spent' once it did. */
  status: 'held' | 'spent' | 'released';
  /** True when the wallet paid the whole order and it is settled. */
  paid: boolean;
  balanceCents: number;
}

/** `POST /wallet/pay-code`: a short-lived code the customer shows at the point of sale. */
export interface WalletPayCode {
  code: string;
  /** The code as a QR image, SVG markup. */
  qrSvg: string;
  expiresAt: string;
}

/** `POST /wallet/pos/{eventId}/spend`: a producer's point-of-sale charge to a wallet. */
export interface WalletPosSpendAnswer {
  id: number;
  amountCents: number;
  /** True when the idempotency key was seen before and this repeats the stored spend. */
  replayed: boolean;
  message: string;
}
