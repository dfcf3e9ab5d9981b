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
