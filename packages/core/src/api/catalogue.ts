/**
 * The catalogue calls (docs/core-buying.md): the events listing and one event's details.
 * Public reads, so they go through the fetch-only path of `api/public-read.ts`: a page
 * that only shows a buy button never downloads the ky client. The answer shapes are
 * core's catalogue contract, shared with the API host. Failures reject with an `ApiError`.
 */
import type { EventDetail, EventSummary, MeiaEntradaInfo } from '../contracts/catalogue.ts';
import type { EntityId } from '../contracts/ids.ts';
import { publicRequest, searchParams } from './public-read.ts';

export type {
  EventDetail,
  EventSummary,
  MeiaEntradaInfo,
  NextLotInfo,
  ProductInfo,
  ResaleOffer,
  TicketTypeInfo,
} from '../contracts/catalogue.ts';

/** Message for catalogue reads that fail without a server text (decided in docs/core-buying.md). */
export const CATALOGUE_LOAD_FAILED = 'Não foi possível carregar os eventos, tente novamente';

/** A page of the listing. */
export interface EventPage {
  events: EventSummary[];
  total: number;
  page: number;
  limit: number;
}

/** Listing filters (`GET /events`). */
export interface EventQuery {
  q?: string;
  slug?: string;
  period?: 'upcoming' | 'past' | 'all';
  page?: number;
  limit?: number;
}

// Every catalogue read shows the API host's own text when it sent one.
const catalogueMessages = { fallback: CATALOGUE_LOAD_FAILED, preferServerMessage: true };

/** `GET /events`: a page of published events, searched by text or slug. */
export async function fetchEvents(query: EventQuery = {}): Promise<EventPage> {
  const params = new URLSearchParams(searchParams({ ...query })).toString();
  const answer =
    (await publicRequest<{ data?: EventSummary[]; total?: number; page?: number; limit?: number } | null>(
      params ? `events?${params}` : 'events',
      catalogueMessages,
    )) ?? {};
  const events = answer.data ?? [];
  return {
    events,
    total: answer.total ?? events.length,
    page: answer.page ?? query.page ?? 1,
    limit: answer.limit ?? query.limit ?? events.length,
  };
}

/**
 * `GET /events/{id}` (an id or a slug): the event with lots, products, resale offers and
 * fee.
 */
export function fetchEvent(idOrSlug: EntityId): Promise<EventDetail> {
  return publicRequest<EventDetail>(`events/${encodeURIComponent(String(idOrSlug))}`, catalogueMessages);
}

/**
 * `GET /events/{id}/meia-entrada`: the event's meia-entrada quota with its live counter
 * ("Restam 312 de 800 meias-entradas") and the documents accepted. Never cached.
 */
export function fetchMeiaEntrada(eventId: EntityId): Promise<MeiaEntradaInfo> {
  return publicRequest<MeiaEntradaInfo>(
    `events/${encodeURIComponent(String(eventId))}/meia-entrada`,
    catalogueMessages,
  );
}
