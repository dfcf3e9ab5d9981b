/**
 * Catalogue answers in the API host's shapes, for tests of core and of the widgets: each
 * test names what it is about and takes the rest from here. Test support only.
 */
import type { EventDetail, TicketTypeInfo } from '../api/catalogue.ts';

/** A ticket type on sale without a seat: R$ 50,00, lot 1, 100 left, up to 10 per order. */
export const ticketType = (
  fields: Partial<TicketTypeInfo> & Pick<TicketTypeInfo, 'id' | 'name'>,
): TicketTypeInfo => ({
  description: '',
  n_number: 1,
  priceCents: 5000,
  available: 100,
  perOrderLimit: 10,
  numerationSelected: false,
  sectionId: null,
  onSale: true,
  soldOut: false,
  lotLabel: `${fields.n_number ?? 1}º lote`,
  current: true,
  nextLot: null,
  ...fields,
});

/** A published, upcoming event without a seat map, ticket types, products or resale. */
export const eventDetail = (
  fields: Partial<EventDetail> & Pick<EventDetail, 'id' | 'slug' | 'name'>,
): EventDetail => ({
  venue: 'Teatro Municipal',
  city: 'São Paulo',
  startsAt: '2026-12-01T20:00:00.000Z',
  endsAt: '2026-12-01T23:00:00.000Z',
  image: '',
  pixel: '',
  status: 'published',
  priceFromCents: 5000,
  hasSeatMap: false,
  isPast: false,
  description: '',
  producerId: 2,
  serviceFeeBps: 1000,
  ticketTypes: [],
  products: [],
  resale: [],
  meiaEntrada: {
    eventId: fields.id,
    total: 0,
    available: 0,
    label: 'Este evento não oferece meias-entradas.',
    categories: [],
  },
  ...fields,
});
