import { atom } from 'nanostores';
import type { ApiError } from '../api/client.ts';
import { fetchSeatMap, fetchSectionPricing, type SeatMap, type SectionPricing } from '../api/seat-map.ts';
import type { EntityId } from '../contracts/ids.ts';
import { refreshSeatStatus } from './seat-hold.ts';

/**
 * The seat maps the picker draws (docs/buying.md), fetched once per page and event. The
 * statuses drawn over them come from the seat service (stores/seat-hold.ts).
 */

/** One fetched resource: what the picker shows while loading or after an error. */
export interface Loadable<T> {
  loading: boolean;
  data: T | null;
  error: string | null;
}

/**
 * Seat maps by event id, as the API host shapes them (docs/buying.md). Maps are large and
 * rarely change, so each is fetched once per page unless reloaded.
 */
export const $seatMaps = atom<Readonly<Record<string, Loadable<SeatMap>>>>({});

/** Fetches an event's seat map into {@link $seatMaps} (once, unless `force`). */
export async function loadSeatMap(eventId: EntityId, options: { force?: boolean } = {}): Promise<void> {
  // Ids key the record as strings (a number id reads the same entry).
  const current = $seatMaps.get()[eventId];
  if (!options.force && (current?.loading || current?.data)) return;
  // A reload keeps showing the map it has until the new one arrives, and after a failure.
  const data = current?.data ?? null;
  const show = (entry: Loadable<SeatMap>) => $seatMaps.set({ ...$seatMaps.get(), [eventId]: entry });
  show({ loading: true, data, error: null });
  try {
    show({ loading: false, data: await fetchSeatMap(eventId), error: null });
  } catch (error) {
    // `fetchSeatMap` rejects with an ApiError only, whose message is the pt-BR text to show.
    show({ loading: false, data, error: (error as ApiError).message });
  }
}

/**
 * The lots that sell each section (`GET /seat/sections/{id}/pricing`), by section id, once
 * read: every picker of the page prices its seats from here.
 */
export const $sectionPricing = atom<Readonly<Record<string, SectionPricing>>>({});

/** Reads under way, so two asks for one section make one request. */
const pricingReads = new Map<string, Promise<SectionPricing | null>>();

/**
 * Reads a section's lots into {@link $sectionPricing} once, and answers them; null when the
 * read failed (nothing is kept, so the next ask reads again).
 */
export function loadSectionPricing(sectionId: EntityId): Promise<SectionPricing | null> {
  const key = String(sectionId);
  const known = $sectionPricing.get()[key];
  if (known) return Promise.resolve(known);
  let read = pricingReads.get(key);
  if (!read) {
    read = fetchSectionPricing(sectionId).then(
      (pricing) => {
        $sectionPricing.set({ ...$sectionPricing.get(), [key]: pricing });
        return pricing;
      },
      () => null,
    );
    pricingReads.set(key, read);
    void read.finally(() => pricingReads.delete(key));
  }
  return read;
}

/** How often {@link watchSeatStatuses} reads an event's statuses again (ms). */
export const SEAT_STATUS_POLL_MS = 8000;

/**
 * Keeps the statuses drawn over an event's map fresh in `$seatStatuses` (stores/seat-hold.ts)
 * while a picker shows it (docs/widgets-seat-picker.md, "Live status"): one sparse read now,
 * then one every {@link SEAT_STATUS_POLL_MS}, each only while `watched()` answers true (the
 * page visible and the picker on screen). A failed read changes nothing on screen: the next
 * one asks again. Returns the function that stops it.
 */
export function watchSeatStatuses(eventId: EntityId, watched: () => boolean): () => void {
  const poll = (): void => {
    if (watched()) refreshSeatStatus(eventId, []).catch(() => undefined);
  };
  poll();
  const timer = setInterval(poll, SEAT_STATUS_POLL_MS);
  return () => clearInterval(timer);
}
