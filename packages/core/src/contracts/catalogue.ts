// Catalogue wire shapes shared by the API host (which answers them) and the client (which
// reads them).

/** An event as listed (`GET /events`). Money in cents. */
export interface EventSummary {
  id: number;
  slug: string;
  name: string;
  venue: string;
  city: string;
  startsAt: string;
  endsAt: string;
  image: string;
  pixel: string;
  status: string;
  /** Lowest price among the lots on sale, or null when nothing is on sale. */
  priceFromCents: number | null;
  hasSeatMap: boolean;
  isPast: boolean;
}

/** A lot of a ticket type with its live availability. */
export interface TicketTypeInfo {
  id: number;
  name: string;
  description: string;
  /** Lot number. */
  n_number: number;
  priceCents: number;
  /** Units a buyer can reserve now (expired reservations already given back). */
  available: number;
  perOrderLimit: number;
  /** Sold only with a seat or table (the cart item's `numerationSelected`). */
  numerationSelected: boolean;
  sectionId: number | null;
  /** Active, inside its sales window and not sold out. */
  onSale: boolean;
  soldOut: boolean;
}

/** A marketplace product of an event with its live availability. */
export interface ProductInfo {
  id: number;
  name: string;
  description: string;
  image: string;
  priceCents: number;
  available: number;
  perOrderLimit: number;
}

/** A resale ticket on offer. */
export interface ResaleOffer {
  resaleId: number;
  ticketTypeId: number;
  name: string;
  n_number: number;
  priceCents: number;
  originalTicketId: number;
  seatId: number | null;
}

/** `GET /events/{id}`: an event with what its page and the buy button sell. */
export interface EventDetail extends EventSummary {
  description: string;
  producerId: number | null;
  /** Service fee over tickets and products, in basis points (1000 = 10%). */
  serviceFeeBps: number;
  ticketTypes: TicketTypeInfo[];
  products: ProductInfo[];
  resale: ResaleOffer[];
}
