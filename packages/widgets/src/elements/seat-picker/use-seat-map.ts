/**
 * The seat picker's hooks: what one picker reads from `@plateia/core` (the event's map, the
 * event, the live statuses, kept fresh while the picker is on screen), the seat tooltip's
 * hover timing, and the buy button's request for the picker. The fetching and polling are
 * core's (`stores/seat-map.ts`); these hooks start and stop them with the element.
 */

import { useStore } from '@nanostores/react';
import type { SeatMap } from '@plateia/core/api/seat-map';
import type { EventDetail } from '@plateia/core/contracts/catalogue';
import { eventStore, type Fetched, loadEvent } from '@plateia/core/stores/catalogue';
import { $seatStatuses } from '@plateia/core/stores/seat-hold';
import { $seatMaps, type Loadable, loadSeatMap, watchSeatStatuses } from '@plateia/core/stores/seat-map';
import { atom } from 'nanostores';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { SeatKind } from './seat-canvas.ts';
import type { SeatFacts, SeatRef } from './seat-focus.ts';
import type { MapHit } from './seat-layout.ts';
import { SeatMapController } from './seat-map-controller.ts';

/** How long a pointer rests on a seat before its tooltip shows (docs/widgets-seat-picker.md, "Tooltip delay"). */
export const SEAT_TOOLTIP_DELAY_MS = 500;

// What an element without `event-id` watches instead of an event's store, whose first
// subscriber would fetch it: without an event the picker says so and asks for nothing.
const $noEvent = atom<Fetched<EventDetail>>({ loading: false, data: null, error: null });

/** What {@link useSeatMap} gives a picker. */
export interface SeatMapData {
  /** The map's read: loading, failed (with core's message) or done. */
  loadable: Loadable<SeatMap> | undefined;
  map: SeatMap | null | undefined;
  event: EventDetail | null;
  /** Seat id → status (`held`, `sold`, …), sparse: a seat not named is available. */
  statuses: Readonly<Record<string, string>>;
}

/**
 * The map, the event and the statuses of `eventId`. Reads the map and the event once (core
 * shares them between the page's elements); once the map is there, core reads the statuses
 * now and every few seconds while the tab is visible and the element (`container.host`) is
 * on screen.
 */
export function useSeatMap(eventId: string, container: ShadowRoot | undefined): SeatMapData {
  const maps = useStore($seatMaps);
  const allStatuses = useStore($seatStatuses);
  // One store per event, shared by every element that shows it.
  const event = useStore(eventId ? eventStore(eventId) : $noEvent).data;
  const loadable = maps[eventId];
  const map = loadable?.data;

  useEffect(() => {
    if (!eventId) return;
    void loadSeatMap(eventId);
    void loadEvent(eventId);
  }, [eventId]);

  useEffect(() => {
    // No event, no map.
    if (!map) return;
    let onScreen = true;
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.at(-1)?.isIntersecting ?? onScreen;
    });
    if (container) observer.observe(container.host);
    const stop = watchSeatStatuses(eventId, () => !document.hidden && onScreen);
    return () => {
      stop();
      observer.disconnect();
    };
  }, [eventId, map, container]);

  return { loadable, map, event, statuses: allStatuses[eventId] ?? {} };
}

/** The controller's taps and hovers, as the picker's latest render handles them. */
export interface MapHandlers {
  tap: (hit: MapHit | null) => void;
  hover: (seat: SeatRef | null) => void;
}

/** What {@link useSeatMapController} gives a picker. */
export interface SeatMapControls {
  controller: SeatMapController;
  /** Set by each render: what the controller's events reach. */
  handlers: RefObject<MapHandlers>;
  /** The canvas the controller draws on and takes gestures from, while the map shows. */
  canvasRef: RefObject<HTMLCanvasElement | null>;
}

/**
 * The map controller of one picker (seat-map-controller.ts), given this render's map and how
 * each seat is drawn. It draws again after every render (statuses, cart, layouts), sizes and
 * takes the canvas while the map shows, and takes it again when `remount` changes (the list
 * mode removed and re-added it). A section's layout arriving renders the picker again.
 */
export function useSeatMapController(
  map: SeatMap | null | undefined,
  kindOf: (seatId: number) => SeatKind,
  remount: unknown,
): SeatMapControls {
  const [, setLayoutVersion] = useState(0);
  const handlers = useRef<MapHandlers>({ tap: () => undefined, hover: () => undefined });
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [controller] = useState(
    () =>
      new SeatMapController({
        tap: (hit) => handlers.current.tap(hit),
        hover: (seat) => handlers.current.hover(seat),
        moved: () => handlers.current.hover(null),
        relayout: () => setLayoutVersion((version) => version + 1),
      }),
  );
  controller.setMap(map);
  controller.kindOf = kindOf;

  // Anything that changes seats (statuses, cart, layouts) re-renders: draw again.
  useEffect(() => controller.requestDraw());

  // biome-ignore lint/correctness/useExhaustiveDependencies: `remount` re-mounts the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !map) return;
    return controller.attach(canvas);
  }, [controller, map, remount]);

  return { controller, handlers, canvasRef };
}

/** The seat tooltip: the facts of the hovered or focused seat and where it is on the canvas (CSS px). */
export interface SeatTip {
  facts: SeatFacts;
  x: number;
  y: number;
}

/**
 * The tooltip over the map. `show` shows a seat's tooltip at once (keyboard focus) or hides
 * it (null); `hover` is the pointer's: a pointer resting on a seat shows its tooltip after
 * the spec's delay, once one is shown moving to the next seat switches at once, and leaving
 * the seats hides it. A new map forgets the seat.
 */
export function useSeatTip(
  controller: SeatMapController,
  map: SeatMap | null | undefined,
  factsOf: (seat: SeatRef) => SeatFacts | null,
): { tip: SeatTip | null; show: (seat: SeatRef | null) => void; hover: (seat: SeatRef | null) => void } {
  const [tip, setTip] = useState<SeatTip | null>(null);
  // The seat the tooltip shows (or will show once the hover delay passes), so a pointer
  // move re-renders only on a change.
  const tipSeat = useRef<SeatRef | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  // A new map forgets the seat.
  const shownMap = useRef(map ?? null);
  if (shownMap.current !== (map ?? null)) {
    shownMap.current = map ?? null;
    tipSeat.current = null;
  }

  /** Shows the tooltip over a seat (where the current view draws it), or hides it. */
  const show = (seat: SeatRef | null) => {
    clearTimeout(hoverTimer.current);
    tipSeat.current = seat;
    const at = seat && controller.screenOf(seat);
    const facts = seat && factsOf(seat);
    if (!at || !facts) return setTip(null);
    setTip({ facts, x: at[0], y: at[1] });
  };

  const hover = (seat: SeatRef | null) => {
    const shown = tipSeat.current;
    if (seat?.section === shown?.section && seat?.index === shown?.index) return;
    if (!seat || tip) return show(seat);
    clearTimeout(hoverTimer.current);
    tipSeat.current = seat;
    hoverTimer.current = setTimeout(() => show(seat), SEAT_TOOLTIP_DELAY_MS);
  };

  return { tip, show, hover };
}

/**
 * Answers the buy button's `plateia-seat-picker-open` for this picker's event (or for any
 * event when the request names none): scrolls the element into view, focuses the map and
 * calls `preventDefault()`, which tells the button a picker on this page answered.
 */
export function useOpenRequest(
  eventId: string,
  container: ShadowRoot | undefined,
  canvasRef: RefObject<HTMLCanvasElement | null>,
): void {
  useEffect(() => {
    const onOpen = (event: Event) => {
      const wanted = (event as CustomEvent<{ eventId?: string | number } | null>).detail?.eventId;
      if (wanted !== undefined && String(wanted) !== eventId) return;
      event.preventDefault();
      container?.host.scrollIntoView({ block: 'center' });
      canvasRef.current?.focus();
    };
    document.addEventListener('plateia-seat-picker-open', onOpen);
    return () => document.removeEventListener('plateia-seat-picker-open', onOpen);
  }, [eventId, container, canvasRef]);
}
