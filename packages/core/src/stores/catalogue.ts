import { atom, computed, onMount, type ReadableAtom, task } from 'nanostores';
import {
  type EventDetail,
  type EventSummary,
  fetchEvent,
  fetchMeiaEntrada,
  type MeiaEntradaInfo,
  type ResaleOffer,
  type TicketTypeInfo,
} from '../api/catalogue.ts';
import { addPixel } from '../api/pixel.ts';
import type { EntityId } from '../contracts/ids.ts';
import { type CartItem, ticketItem } from '../rules/cart.ts';

/**
 * The catalogue (docs/core-buying.md): event details as fetcher stores in the manner of
 * @nanostores/query: each holds `{ loading, data, error }`, loads when first watched, keeps
 * answers for a short while so moving between pages does not refetch, and shows only the
 * answer of the latest request. The events listing is read by the storefront's server
 * (`fetchEvents` in `api/catalogue.ts`), so it has no store.
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

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

interface CacheEntry<T> {
  at: number;
  data: T;
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
 * under way, unless `force` (e.g. after a reservation found tickets gone). An empty id (an
 * element placed without `event-id`, an empty cart) asks the API for nothing: it warns on
 * the console, once, and resolves with `null`.
 */
export function loadEvent(
  idOrSlug: EntityId,
  options: { force?: boolean } = {},
): Promise<EventDetail | null> {
  const key = String(idOrSlug).trim();
  if (!key) {
    warnNoEvent();
    return Promise.resolve(null);
  }
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

let warnedNoEvent = false;
function warnNoEvent(): void {
  if (warnedNoEvent) return;
  warnedNoEvent = true;
  console.warn('[plateia] an event was asked for without an id (is event-id set?); nothing was requested');
}

/** The store an empty id answers: nothing loading, nothing to show. */
const $noEvent = atom<Fetched<EventDetail>>({ loading: false, data: null, error: null });

/**
 * The store of one event's detail: loads when first watched. An empty id answers a store
 * with nothing in it and requests nothing. The same store is returned
 * for the same id, so every element on the page shares one request.
 */
export function eventStore(idOrSlug: EntityId): ReadableAtom<Fetched<EventDetail>> {
  const key = String(idOrSlug).trim();
  if (!key) return $noEvent;
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

/** How often a watched meia-entrada counter asks again (ms): the decree wants it live. */
export const MEIA_COUNTER_POLL_MS = 10_000;

const meiaStores = new Map<
  string,
  { $store: ReadableAtom<Fetched<MeiaEntradaInfo>>; refresh: () => Promise<void> }
>();

/**
 * The live meia-entrada counter of an event ("Restam 312 de 800 meias-entradas"): loads when
 * first watched and asks again every {@link MEIA_COUNTER_POLL_MS} while watched and the page
 * is visible (and at once when it becomes visible again). One store per event. A failed
 * poll keeps the last counter and its message in `error`.
 */
export function meiaEntradaStore(
  eventId: EntityId,
  pollMs = MEIA_COUNTER_POLL_MS,
): ReadableAtom<Fetched<MeiaEntradaInfo>> {
  const key = String(eventId);
  const existing = meiaStores.get(key);
  if (existing) return existing.$store;
  const $store = atom<Fetched<MeiaEntradaInfo>>({ loading: true, data: null, error: null });
  let running: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    running ??= task(async () => {
      try {
        $store.set({ loading: false, data: await fetchMeiaEntrada(eventId), error: null });
      } catch (error) {
        $store.set({ loading: false, data: $store.get().data, error: messageOf(error) });
      } finally {
        running = null;
      }
    });
    return running;
  };
  onMount($store, () => {
    void refresh();
    const hidden = () => globalThis.document?.visibilityState === 'hidden';
    const timer = setInterval(() => {
      if (!hidden()) void refresh();
    }, pollMs);
    const onVisible = () => {
      if (!hidden()) void refresh();
    };
    globalThis.document?.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
    };
  });
  meiaStores.set(key, { $store, refresh });
  return $store;
}

/** Asks for an event's meia counter again now (e.g. right after a meia was reserved). */
export function refreshMeiaEntrada(eventId: EntityId): Promise<void> {
  return meiaStores.get(String(eventId))?.refresh() ?? Promise.resolve();
}

/** Forgets cached answers (tests, or after a purchase changes availability). */
export function clearCatalogueCache(): void {
  detailCache.clear();
}

/** Viewport width at and below which a visit counts as mobile (docs/core-buying.md). */
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

// Cart lines from catalogue answers live with the catalogue store the buy button already
// loads, so it needs no other module for them.

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
