import { atom, computed, onMount, type ReadableAtom, task, type WritableAtom } from 'nanostores';
import type {
  EventDetail,
  EventPage,
  EventQuery,
  EventSummary,
  ResaleOffer,
  TicketTypeInfo,
} from '../api/buying.ts';
import { addPixel, fetchEvent, fetchEvents } from '../api/public-read.ts';
import { type CartItem, type EntityId, ticketItem } from '../rules/cart.ts';

/**
 * The catalogue (decisions §4): the events listing with search, and event details, as
 * fetcher stores in the manner of @nanostores/query: each holds `{ loading, data, error }`,
 * loads when first watched, keeps answers for a short while so moving between pages does
 * not refetch, and drops answers that arrive after a newer request.
 */

/** A fetched value: shown with skeletons while `loading`, the error card on `error`. */
export interface Fetched<T> {
  loading: boolean;
  data: T | null;
  /** pt-BR message of the last failure, `null` when the last load worked. */
  error: string | null;
}

/** How long an answer is reused without asking again (ms). */
export const CATALOGUE_FRESH_MS = 30_000;

const idle = <T>(): Fetched<T> => ({ loading: false, data: null, error: null });
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface CacheEntry<T> {
  at: number;
  data: T;
}

function queryKey(query: EventQuery): string {
  return JSON.stringify([
    query.q?.trim() ?? '',
    query.slug ?? '',
    query.period ?? '',
    query.page ?? 1,
    query.limit ?? '',
  ]);
}

const listCache = new Map<string, CacheEntry<EventPage>>();
const listInFlight = new Map<string, Promise<void>>();
let listRequest = 0;

/** The listing's filters: text (`q`), slug, period and paging. */
export const $eventQuery = atom<EventQuery>({});

/**
 * The events listing for {@link $eventQuery}; loads while watched and when the query
 * changes. Made by a pure call, so a bundle that never reads the listing (the script-tag
 * buy button) leaves it out: its mount hook alone would otherwise keep it.
 */
export const $events = /* @__PURE__ */ listingStore();

function listingStore(): WritableAtom<Fetched<EventPage>> {
  const $store = atom<Fetched<EventPage>>(idle());
  onMount($store, () => {
    // The query store calls back at once with its current value, which makes the first load.
    return $eventQuery.subscribe(() => {
      void loadEvents();
    });
  });
  return $store;
}

/**
 * Loads the listing for the current query (from the short cache when fresh, unless
 * `force`). Concurrent loads of one query share a request; an answer for an older query
 * is dropped.
 */
export function loadEvents(options: { force?: boolean } = {}): Promise<void> {
  const query = $eventQuery.get();
  const key = queryKey(query);
  const running = listInFlight.get(key);
  if (running && !options.force) return running;
  const load = task(async () => {
    const cached = listCache.get(key);
    if (!options.force && cached && Date.now() - cached.at < CATALOGUE_FRESH_MS) {
      $events.set({ loading: false, data: cached.data, error: null });
      return;
    }
    const request = ++listRequest;
    // Keep showing the previous page while the next one loads (no flash of skeletons).
    // `.value`, not `.get()`: reading must not mount the store and start a second load.
    $events.set({ loading: true, data: $events.value?.data ?? null, error: null });
    try {
      const data = await fetchEvents(query);
      listCache.set(key, { at: Date.now(), data });
      if (request === listRequest) $events.set({ loading: false, data, error: null });
    } catch (error) {
      if (request === listRequest) {
        $events.set({ loading: false, data: $events.value?.data ?? null, error: messageOf(error) });
      }
    }
  }).finally(() => {
    if (listInFlight.get(key) === load) listInFlight.delete(key);
  });
  listInFlight.set(key, load);
  return load;
}

/** Changes the listing's filters (a new search starts at page 1 unless a page is given). */
export function setEventQuery(query: EventQuery): void {
  $eventQuery.set({ ...query, page: query.page ?? 1 });
}

/** Searches events by text: the search box's action. */
export function searchEvents(q: string): void {
  setEventQuery({ ...$eventQuery.get(), q, page: 1 });
}

const detailCache = new Map<string, CacheEntry<EventDetail>>();
const detailStores = new Map<string, ReadableAtom<Fetched<EventDetail>>>();

/** Event details by id (or slug) as loaded so far. */
export const $eventDetails = atom<Readonly<Record<string, Fetched<EventDetail>>>>({});

function setDetail(key: string, value: Fetched<EventDetail>): void {
  $eventDetails.set({ ...$eventDetails.get(), [key]: value });
}

// The load under way per event; only its answer is shown (a forced reload replaces it).
const detailInFlight = new Map<string, Promise<EventDetail | null>>();

/**
 * Loads an event's detail into {@link $eventDetails} and resolves with it (`null` on
 * failure, with the message in the store). Reuses a fresh answer, or a request already
 * under way, unless `force` (e.g. after a reservation found tickets gone).
 */
export function loadEvent(
  idOrSlug: EntityId,
  options: { force?: boolean } = {},
): Promise<EventDetail | null> {
  const key = String(idOrSlug);
  const running = detailInFlight.get(key);
  if (running && !options.force) return running;
  // Only the latest load of the event writes its answer (a forced reload replaces one).
  const latest = () => detailInFlight.get(key) === load;
  const load = task(async () => {
    const cached = detailCache.get(key);
    if (!options.force && cached && Date.now() - cached.at < CATALOGUE_FRESH_MS) {
      setDetail(key, { loading: false, data: cached.data, error: null });
      return cached.data;
    }
    // Keep showing what was loaded before, while loading and after a failure (only the
    // load under way writes this entry, so it still holds then).
    const previous = $eventDetails.get()[key]?.data ?? null;
    setDetail(key, { loading: true, data: previous, error: null });
    try {
      const data = await fetchEvent(idOrSlug);
      detailCache.set(key, { at: Date.now(), data });
      if (latest()) setDetail(key, { loading: false, data, error: null });
      return data;
    } catch (error) {
      if (latest()) setDetail(key, { loading: false, data: previous, error: messageOf(error) });
      return null;
    }
  }).finally(() => {
    if (latest()) detailInFlight.delete(key);
  });
  detailInFlight.set(key, load);
  return load;
}

/**
 * The store of one event's detail: loads when first watched. The same store is returned
 * for the same id, so every element on the page shares one request.
 */
export function eventStore(idOrSlug: EntityId): ReadableAtom<Fetched<EventDetail>> {
  const key = String(idOrSlug);
  let $store = detailStores.get(key);
  if (!$store) {
    const $detail = computed(
      $eventDetails,
      (details) => details[key] ?? { loading: true, data: null, error: null },
    );
    onMount($detail, () => {
      void loadEvent(idOrSlug);
    });
    $store = $detail;
    detailStores.set(key, $store);
  }
  return $store;
}

/** Forgets cached answers (tests, or after a purchase changes availability). */
export function clearCatalogueCache(): void {
  listCache.clear();
  detailCache.clear();
}

/** Viewport width at and below which a visit counts as mobile (spec §9). */
export const MOBILE_BREAKPOINT_PX = 768;

/**
 * Records a hit on an event's pixel (`POST /pixel/add`, `tipo` 3), e.g. when the cart
 * bar's buy button, which carries the first item's pixel, is pressed. Fire and forget:
 * analytics never blocks or fails a purchase. Events without a pixel send nothing.
 */
export function trackEventPixel(pixel: string | null | undefined, eventId: EntityId): Promise<void> {
  if (!pixel) return Promise.resolve();
  const ismobile = globalThis.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches ?? false;
  // Analytics only: a failed hit is dropped.
  return task(() => addPixel({ hash: pixel, ismobile, evtid: eventId }).catch(() => undefined));
}

// Cart lines from catalogue answers live with the catalogue (not in `api/buying.ts`), so a
// buy button that imports them does not load the rest of the buying calls.

/** A cart line for `amount` units of a general-admission lot. */
export function ticketCartItem(event: EventSummary, type: TicketTypeInfo, amount = 1): CartItem {
  return ticketItem({
    id: type.id,
    amount,
    eventId: event.id,
    eventPixel: event.pixel || null,
    tk_price: type.priceCents,
    n_number: type.n_number,
    name: type.name,
    maxAmount: Math.max(0, Math.min(type.perOrderLimit, type.available)),
  });
}

/** The cart line for a resale offer. */
export function resaleCartItem(event: EventSummary, offer: ResaleOffer): CartItem {
  return ticketItem({
    id: offer.ticketTypeId,
    eventId: event.id,
    eventPixel: event.pixel || null,
    tk_price: offer.priceCents,
    n_number: offer.n_number,
    is_from_resale: 1,
    resaleId: offer.resaleId,
    originalTicketId: offer.originalTicketId,
    name: offer.name,
  });
}
