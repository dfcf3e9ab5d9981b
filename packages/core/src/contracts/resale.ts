/**
 * Wire shapes of selling a ticket on resale (docs/resale.md): the quote shown before
 * listing, a listing as its seller sees it.
 */

/** What listing a ticket would give, for the seller to decide (`GET /resale/tickets/{id}/quote`). */
export interface ResaleQuote {
  ticketId: number;
  /** The most the ticket may be listed for: its face value (price less its coupon share, never the service fee). */
  maxPriceCents: number;
  /** The lowest price accepted. */
  minPriceCents: number;
  /** The platform's resale fee, in basis points (1000 = 10%). */
  feeBps: number;
  /** The price quoted (the one asked for, or the maximum). */
  priceCents: number;
  feeCents: number;
  /** What the seller receives once the event has ended (docs/resale.md): price less the fee. */
  netCents: number;
}

/** A listing's state: on offer, sold (the seller was paid) or withdrawn by the seller. */
export type ResaleListingStatus = 'active' | 'sold' | 'cancelled';

/** One of the seller's listings ("Minhas revendas"). */
export interface ResaleListing {
  id: number;
  ticketId: number;
  status: ResaleListingStatus;
  priceCents: number;
  feeCents: number;
  netCents: number;
  /** True while a buyer's checkout holds it (it cannot be withdrawn then). */
  reserved: boolean;
  createdAt: string;
  closedAt: string | null;
  event: { id: number; slug: string; name: string; startsAt: string };
  ticketType: { id: number; name: string; nNumber: number };
}
