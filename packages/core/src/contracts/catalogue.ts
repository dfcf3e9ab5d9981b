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
  /**
   * Can be bought now. For general admission this is the type's current lot only: lots of a
   * type sell in order ("virada de lote"), the next opening when the current sells out or
   * at its scheduled time. Numbered lots: active, inside their window and with free seats.
   */
  onSale: boolean;
  soldOut: boolean;
  /** "1º lote". */
  lotLabel: string;
  /** The lot of its type selling now (same as `onSale`; kept apart for clarity on the page). */
  current: boolean;
  /** On the current lot: the lot that opens after it ("Próximo lote: R$ 150,00"), or null. */
  nextLot: NextLotInfo | null;
}

/** The lot after the current one of a ticket type. */
export interface NextLotInfo {
  id: number;
  n_number: number;
  priceCents: number;
  /** "2º lote". */
  lotLabel: string;
  /** When it opens by date (ISO), unless the current lot sells out first; null: only by selling out. */
  opensAt: string | null;
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
  /**
   * Set when the ticket is a meia-entrada: its category ("Estudante"). The beneficiary stays
   * on the ticket (docs/meia-entrada.md): whoever enters shows that beneficiary's document or
   * pays the difference at the door. The beneficiary's name is never shown here.
   */
  meiaCategoryLabel?: string | null;
}

/** A meia-entrada category with the documents the door accepts (shown before buying, Lei 13.179). */
export interface MeiaCategory {
  /** "estudante", "pcd", "pcd-acompanhante", "jovem-baixa-renda", "idoso" or a state category's id. */
  id: string;
  label: string;
  documents: string[];
}

/**
 * An event's meia-entrada offer (`GET /events/{id}/meia-entrada`, also in the event detail):
 * the quota, how many are left (live), the counter text and the accepted categories.
 */
export interface MeiaEntradaInfo {
  eventId: number;
  /** Meias offered: at least 40% of the tickets offered, plus what the producer added. */
  total: number;
  /** Meias a buyer can still reserve (expired reservations already given back). */
  available: number;
  /** "Restam 312 de 800 meias-entradas". */
  label: string;
  categories: MeiaCategory[];
}

/** The beneficiary of one meia ticket, as a reservation line carries it. */
export interface MeiaBeneficiary {
  /** A category id of the event (`MeiaCategory.id`). */
  category: string;
  name: string;
  /** The document number shown at the door (CIE, ID Jovem, BPC card, RG…). */
  document: string;
}

/** `GET /events/{id}`: an event with what its page and the buy button sell. */
export interface EventDetail extends EventSummary {
  description: string;
  producerId: number | null;
  /** Service fee over tickets and products, in basis points (1000 = 10%). */
  serviceFeeBps: number;
  /** The producer's refund policy, shown to buyers on the event's page ('' when none). */
  refundPolicy?: string;
  ticketTypes: TicketTypeInfo[];
  products: ProductInfo[];
  resale: ResaleOffer[];
  /** The meia-entrada quota and its live counter. */
  meiaEntrada: MeiaEntradaInfo;
}
