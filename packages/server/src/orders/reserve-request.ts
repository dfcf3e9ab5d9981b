/**
 * What `POST /cart/reserve` asks and the per-line allowance it answers (field names in
 * docs/buying.md): read by the reservation (`reserve.ts`) and its draft of the order
 * (`reservation-draft.ts`).
 */
import type { MeiaBeneficiary } from '@plateia/core/contracts/catalogue';

/** One ticket line of `POST /cart/reserve` (field names in docs/buying.md). */
export interface ReserveTicketLine {
  tk_qtd: number;
  tk_id: number;
  seat_id?: number | null | undefined;
  table_id?: number | null | undefined;
  seat_group_id?: number | null | undefined;
  is_from_resale?: number | boolean | undefined;
  resaleId?: number | null | undefined;
  original_n_number?: number | null | undefined;
  /** Whose account receives each ticket (docs/buying.md); missing entries mean the buyer. */
  holder_emails?: string[] | undefined;
  /**
   * Meia-entrada beneficiaries: the line's first `meia.length` tickets are meias, one
   * beneficiary each; the rest full price (docs/meia-entrada.md).
   */
  meia?: MeiaBeneficiary[] | undefined;
}

/** One product line of `POST /cart/reserve`. */
export interface ReserveProductLine {
  product_id: number;
  product_qtd: number;
}

/** A reservation request, after authentication. */
export interface ReserveInput {
  customerId: number;
  eventId: number;
  sessionId: string;
  tickets: ReserveTicketLine[];
  products: ReserveProductLine[];
  coupon?: string | undefined;
}

/** The spec's per-ticket answer: how many may be bought and whether the line can be. */
export interface TicketAllowance {
  tk_id: number;
  tk_allow: { tk_allow: number; tk_is_permitted_to_buy: boolean };
}
