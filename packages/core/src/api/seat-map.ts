/**
 * The seat-map reads (docs/buying.md): an event's map, one section's submap and the lots
 * that sell a section's seats. The map shapes are core's seat-map contract, shared with
 * the API host. Through the ky client: only the seat picker reads maps, and it holds seats
 * through that client anyway. Failures reject with an `ApiError`.
 */
import type { EntityId } from '../contracts/ids.ts';
import type { SeatMap, SeatSection } from '../contracts/seat-map.ts';
import { CATALOGUE_LOAD_FAILED } from './catalogue.ts';
import { getJson } from './client.ts';

export type { SeatMap, SeatRow, SeatSection, SeatTable } from '../contracts/seat-map.ts';

/** `GET /seat/sections/{id}/pricing`: the lots that sell a section's seats. */
export interface SectionPricing {
  sectionId: number;
  eventId: number;
  name: string;
  kind: string;
  priceFromCents: number | null;
  ticketTypes: Array<{
    id: number;
    name: string;
    description: string;
    n_number: number;
    priceCents: number;
    perOrderLimit: number;
  }>;
}

// Maps are catalogue reads: the same failure text, the API host's own when it sent one.
const seatMapMessages = { fallback: CATALOGUE_LOAD_FAILED, preferServerMessage: true };

/** `GET /seat/maps/{eventId}`. */
export function fetchSeatMap(eventId: EntityId): Promise<SeatMap> {
  return getJson(`seat/maps/${encodeURIComponent(eventId)}`, seatMapMessages);
}

/** `GET /seat/maps/{eventId}/submap/{sectionId}`: one section with its rows and tables. */
export function fetchSubmap(eventId: EntityId, sectionId: EntityId): Promise<SeatSection> {
  return getJson(
    `seat/maps/${encodeURIComponent(eventId)}/submap/${encodeURIComponent(sectionId)}`,
    seatMapMessages,
  );
}

/** `GET /seat/sections/{id}/pricing`. */
export function fetchSectionPricing(sectionId: EntityId): Promise<SectionPricing> {
  return getJson(`seat/sections/${encodeURIComponent(sectionId)}/pricing`, seatMapMessages);
}
