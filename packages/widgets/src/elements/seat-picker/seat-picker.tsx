/**
 * The seat and table picker (spec §4 seat flow): a canvas map with live statuses, zoom and
 * pan by mouse, touch and keyboard, prices per section, and an accessible list mode. Every
 * rule (status check, cart check, 600 s hold, release on failure, the messages) is
 * `@plateia/core`'s `addSeatToCart` / `removeSeatFromCart`; this component shows and asks.
 */

import { useStore } from '@nanostores/react';
import type { SectionPricing } from '@plateia/core/api/seat-map';
import type { EventDetail } from '@plateia/core/contracts/catalogue';
import { formatCents } from '@plateia/core/format/money';
import { formatCount } from '@plateia/core/format/numbers';
import { SEAT_MESSAGES } from '@plateia/core/messages/seat-hold';
import { SEAT_PICKER_MESSAGES } from '@plateia/core/messages/seat-picker';
import {
  type CartItem,
  cartItemKey,
  isSeatItem,
  type SeatDetails,
  seatIdsOf,
  ticketUnits,
} from '@plateia/core/rules/cart';
import { seatCartItem, tableCartItem } from '@plateia/core/rules/seat-map';
import { $cart, addSeatToCart, type CartActionResult, removeSeatFromCart } from '@plateia/core/stores/cart';
import { eventStore, type Fetched, loadEvent } from '@plateia/core/stores/catalogue';
import { $seatStatuses, refreshSeatStatus } from '@plateia/core/stores/seat-hold';
import { $seatMaps, $sectionPricing, loadSeatMap, loadSectionPricing } from '@plateia/core/stores/seat-map';
import { atom } from 'nanostores';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { QueueLink } from '../../shared/waiting-room.tsx';
import { priceFrom, SEAT_KIND, type SeatKind } from './seat-canvas.ts';
import { isFocusKey, type SeatFacts, type SeatRef, seatAnnouncement, seatFacts } from './seat-focus.ts';
import { levelOfDetail, type MapHit, RESET, VIEW_KEYS, ZOOM_IN, ZOOM_OUT } from './seat-layout.ts';
import { field, LEGEND, SeatList } from './seat-list.tsx';

/** How long a pointer rests on a seat before its tooltip shows (spec §9, "Tooltip delay"). */
export const SEAT_TOOLTIP_DELAY_MS = 500;

import { SeatMapController } from './seat-map-controller.ts';

export { LEGEND } from './seat-list.tsx';

/** Statuses are polled this often while the picker is on screen and the tab visible (ms). */
export const STATUS_POLL_MS = 8000;

/** The map's text alternative, pointing to the list mode. */
export function mapDescription(seatCount: number): string {
  return `Mapa de assentos com ${formatCount(seatCount)} lugares. Para escolher pelo teclado ou com leitor de tela, use “${SEAT_PICKER_MESSAGES.showList}”.`;
}

/** "Assento A12, Plateia A" / "Mesa 3, Mesas do Foyer": how a seat or table line is named to a person. */
export function lineName(item: CartItem): string {
  // A line without its labels (the cart's shape allows it) is named by its numeration.
  const details: Partial<SeatDetails> = item.seatDetails ?? {};
  const { sectionName = '', rowName = '', seatNumber = String(item.numerationSelected ?? '') } = details;
  const place = item.seatInfo?.isTable ? seatNumber : `${SEAT_PICKER_MESSAGES.seat} ${rowName}${seatNumber}`;
  return `${place}, ${sectionName}`;
}

/** What a seat or table line costs: a table's lot is priced per seat. */
export function lineCents(item: CartItem): number {
  return item.tk_price * ticketUnits(item);
}

/**
 * The announcement after a line was added ("Assento A12, Plateia A, R$ 180,00 adicionado ao
 * carrinho") or removed ("Mesa 3, Mesas do Foyer removida do carrinho").
 */
export function lineMessage(item: CartItem, added: boolean): string {
  const table = item.seatInfo?.isTable;
  return added
    ? `${lineName(item)}, ${formatCents(lineCents(item))} ${table ? 'adicionada' : 'adicionado'} ao carrinho`
    : `${lineName(item)} ${table ? 'removida' : 'removido'} do carrinho`;
}

/** A lot that sells a section's seats. */
type Lot = SectionPricing['ticketTypes'][number];

/** Props of {@link SeatPicker}; the element mirrors `eventId` as `event-id`. */
export interface SeatPickerProps extends ElementHostProps {
  /** The event whose map is shown (attribute `event-id`). */
  eventId?: string;
}

/** The zoom controls over the map: label (also the tooltip), symbol and what each does. */
const ZOOM_BUTTONS = [
  [SEAT_PICKER_MESSAGES.zoomIn, '+', ZOOM_IN],
  [SEAT_PICKER_MESSAGES.zoomOut, '−', ZOOM_OUT],
  [SEAT_PICKER_MESSAGES.reset, '⤢', RESET],
] as const;

/** For reads whose failure changes nothing on screen: the next poll or choice asks again. */
const ignore = () => undefined;

/** Reads the statuses of the given seats, or of the whole event (a sparse answer). */
function refreshStatuses(eventId: string, seatIds: string[] = []): void {
  refreshSeatStatus(eventId, seatIds).catch(ignore);
}

// What an element without `event-id` watches instead of an event's store, whose first
// subscriber would fetch it: without an event the picker says so and asks for nothing.
const $noEvent = atom<Fetched<EventDetail>>({ loading: false, data: null, error: null });

/** The `<plateia-seat-picker>` component. */
export function SeatPicker({ eventId = '', container }: SeatPickerProps): ReactNode {
  const hintId = useId();
  const maps = useStore($seatMaps);
  const allStatuses = useStore($seatStatuses);
  const cart = useStore($cart);
  // One store per event, shared by every element that shows it.
  const event = useStore(eventId ? eventStore(eventId) : $noEvent).data;
  const loadable = maps[eventId];
  const map = loadable?.data;
  const statuses = allStatuses[eventId] ?? {};

  // List mode (selects) instead of the map.
  const [listMode, setListMode] = useState(false);
  const [, setLayoutVersion] = useState(0);
  // Each section's lots, read once per page by core.
  const pricing = useStore($sectionPricing);
  const [lotChoice, setLotChoice] = useState<Record<number, number>>({});
  // The section chosen in list mode (or clicked on the map), by index; -1 for none.
  const [current, setCurrent] = useState(-1);
  const [busy, setBusy] = useState(false);
  // What the polite status region and the alert region say.
  const [notice, setNotice] = useState(['', '']);
  // The tooltip: the facts of the hovered or focused seat and where it is on the canvas (CSS px).
  const [tip, setTip] = useState<{ facts: SeatFacts; x: number; y: number } | null>(null);

  // This event's seats and tables in the cart, and how each seat is drawn: the seat
  // service's statuses (`available`, `held`, `sold`, `blocked`) are kinds of the same name;
  // `held_by_you` outside the cart, which this session may take back, is available.
  const lines = cart.filter((item) => String(item.eventId) === eventId && isSeatItem(item));
  const inCart = new Set(lines.flatMap(seatIdsOf));
  const kindOf = (seatId: number): SeatKind => {
    const key = String(seatId);
    if (inCart.has(key)) return SEAT_KIND.selected;
    return SEAT_KIND[statuses[key] as keyof typeof SEAT_KIND] ?? SEAT_KIND.available;
  };

  // What the controller's events reach: this render's handlers (set below).
  const handlers = useRef({
    tap: (_hit: MapHit | null): void => undefined,
    hover: (_seat: SeatRef | null) => {},
  });
  // The seat the tooltip shows (or will show once the hover delay passes), so a pointer
  // move re-renders only on a change.
  const tipSeat = useRef<SeatRef | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
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
  if (controller.map !== (map ?? null)) tipSeat.current = null;
  controller.setMap(map);
  controller.kindOf = kindOf;

  // Map, event and first statuses.
  useEffect(() => {
    if (!eventId) return;
    void loadSeatMap(eventId);
    void loadEvent(eventId);
  }, [eventId]);

  // Anything that changes seats (statuses, cart, layouts) re-renders: draw again.
  useEffect(() => controller.requestDraw());

  // Live statuses: one sparse read now, then every few seconds while visible.
  useEffect(() => {
    // No event, no map.
    if (!map) return;
    let onScreen = true;
    const poll = () => {
      if (!document.hidden && onScreen) refreshStatuses(eventId);
    };
    poll();
    const timer = setInterval(poll, STATUS_POLL_MS);
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.at(-1)?.isIntersecting ?? onScreen;
    });
    if (container) observer.observe(container.host);
    return () => {
      clearInterval(timer);
      observer.disconnect();
    };
  }, [eventId, map, container]);

  // While the map shows, the controller sizes the canvas and takes its gestures.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `listMode` re-mounts the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !map) return;
    return controller.attach(canvas);
  }, [controller, map, listMode]);

  // The buy button may ask for the picker.
  useEffect(() => {
    const onOpen = (event: Event) => {
      const wanted = (event as CustomEvent<{ eventId?: string | number } | null>).detail?.eventId;
      if (wanted !== undefined && String(wanted) !== eventId) return;
      // Tells the buy button a picker on this page answered.
      event.preventDefault();
      container?.host.scrollIntoView({ block: 'center' });
      canvasRef.current?.focus();
    };
    document.addEventListener('plateia-seat-picker-open', onOpen);
    return () => document.removeEventListener('plateia-seat-picker-open', onOpen);
  }, [eventId, container]);

  // The lots that sell a section (its pricing answer, else the event's ticket types of that
  // section), and the one chosen for it (else the first).
  const lotsOf = (sectionId: number, priced = pricing[sectionId]?.ticketTypes): Lot[] =>
    priced?.length ? priced : (event?.ticketTypes.filter((type) => type.sectionId === sectionId) ?? []);
  const lotOf = (sectionId: number, lots = lotsOf(sectionId)): Lot | undefined =>
    lots.find((lot) => lot.id === lotChoice[sectionId]) ?? lots[0];

  const chooseSection = (index: number) => {
    setCurrent(index);
    const section = map?.sections[index];
    if (!section) return;
    controller.loadSection(index);
    loadPricing(section.id);
  };

  /** Reads a section's lots once (core keeps them; a failure is read again on the next ask). */
  const loadPricing = (sectionId: number) => void loadSectionPricing(sectionId);

  const announce = (text: string, error = false) => setNotice(error ? ['', text] : [text, '']);
  /** Announces what core answered for a line added or removed: done, or why not. */
  const report = (result: CartActionResult, item: CartItem, added: boolean) =>
    announce(result.ok ? lineMessage(item, added) : result.error, !result.ok);

  const removeLine = async (item: CartItem) => report(await removeSeatFromCart(item), item, false);

  /** What a seat is, priced by its section's chosen lot (else "a partir de" its lowest price). */
  const factsOf = ({ section, index }: SeatRef): SeatFacts | null => {
    const layout = controller.layouts[section];
    if (!layout) return null;
    const kind = kindOf(layout.ids[index] as number);
    const lot = lotOf(layout.section.id);
    return lot
      ? seatFacts(layout, index, lot.priceCents, kind)
      : seatFacts(layout, index, layout.section.priceFromCents, kind, true);
  };

  /** Shows the tooltip over a seat (where the current view draws it), or hides it. */
  const showTip = (seat: SeatRef | null) => {
    clearTimeout(hoverTimer.current);
    tipSeat.current = seat;
    const at = seat && controller.screenOf(seat);
    const facts = seat && factsOf(seat);
    if (!at || !facts) return setTip(null);
    setTip({ facts, x: at[0], y: at[1] });
  };

  /**
   * Arrows (without Shift), Home and End move the keyboard's seat: the first press takes the
   * seat nearest to the centre of the view. The view follows it and it is announced. False
   * when no section has its seats yet (the arrows then pan).
   */
  const moveFocusBy = (key: string): boolean => {
    if (!isFocusKey(key)) return false;
    const next = controller.moveFocus(key);
    const layout = next && controller.layouts[next.section];
    if (!next || !layout) return false;
    // Its lots, so the next seats of the section say their price and Enter need not wait.
    loadPricing(layout.section.id);
    const facts = factsOf(next);
    if (facts) announce(seatAnnouncement(facts));
    showTip(next);
    return true;
  };

  /** Enter or Space on the keyboard's seat: what a click on it does (its table, at a table). */
  const selectFocus = () => {
    const focus = controller.focus;
    const layout = focus && controller.layouts[focus.section];
    if (!focus || !layout) return;
    const table = layout.table[focus.index] as number;
    void toggle(focus.section, table >= 0 ? table : focus.index, table >= 0);
  };

  /** Adds (or, when it is already in the cart, removes) seat `index` of a section, or its table `index`. */
  const toggle = async (sectionIndex: number, index: number, isTable: boolean) => {
    const layout = controller.layouts[sectionIndex];
    if (!layout || busy) return;
    const { section } = layout;
    const table = isTable ? layout.tables[index] : undefined;
    // A table is in the cart as one line holding all its seats.
    const seatId = String(table ? table.seatIds[0] : layout.ids[index]);
    const existing = lines.find((item) => seatIdsOf(item).includes(seatId));
    if (existing) return removeLine(existing);
    if (current !== sectionIndex) chooseSection(sectionIndex);
    // A quick first click may come before the event or the section's prices arrived.
    const buying = event ?? (await loadEvent(eventId));
    const lot =
      lotOf(section.id) ?? lotOf(section.id, (await loadSectionPricing(section.id))?.ticketTypes ?? []);
    if (!buying || !lot) return announce(SEAT_MESSAGES.addFailed, true);
    const item = table
      ? tableCartItem({ event: buying, section, table, ticketType: lot })
      : seatCartItem({
          event: buying,
          section,
          // The seat's row is the last one starting at or before it.
          row: { label: layout.rowLabels[layout.rowStart.findIndex((start) => start > index) - 1] ?? '' },
          seatId: layout.ids[index] as number,
          seatNumber: layout.numbers[index] ?? '',
          ticketType: lot,
        });
    setBusy(true);
    announce(SEAT_PICKER_MESSAGES.holding);
    try {
      report(await addSeatToCart(item), item, true);
    } finally {
      setBusy(false);
      refreshStatuses(eventId);
    }
  };

  // The controller's taps and hovers. A tap zoomed out (or on a section whose rows are not
  // loaded yet) goes into the section; zoomed in, it takes the seat or table, and between
  // seats it does nothing. A hover shows the seat's tooltip.
  handlers.current = {
    tap: (hit) => {
      const section = hit && map?.sections[hit.section];
      if (!hit || !section) return;
      if (
        levelOfDetail(controller.state.view.scale) === 'blocks' ||
        (hit.kind === 'section' && !controller.layouts[hit.section])
      ) {
        chooseSection(hit.section);
        controller.showBox(section);
      } else if (hit.kind !== 'section') {
        void toggle(hit.section, hit.index, hit.kind === 'table');
      }
    },
    // A pointer resting on a seat shows its tooltip after the spec's delay; once one is
    // shown, moving to the next seat switches at once, and leaving the seats hides it.
    hover: (seat) => {
      const shown = tipSeat.current;
      if (seat?.section === shown?.section && seat?.index === shown?.index) return;
      if (!seat || tip) return showTip(seat);
      clearTimeout(hoverTimer.current);
      tipSeat.current = seat;
      hoverTimer.current = setTimeout(() => showTip(seat), SEAT_TOOLTIP_DELAY_MS);
    },
  };

  if (!eventId) return <p className="notice">{SEAT_PICKER_MESSAGES.noEvent}</p>;

  const currentSection = map?.sections[current];
  const currentLayout = controller.layouts[current];
  const lots = currentSection ? lotsOf(currentSection.id) : [];
  const isTables = currentSection?.kind === 'tables';

  const lotField =
    currentSection && lots.length > 0
      ? field(
          `${SEAT_PICKER_MESSAGES.ticketType} (${currentSection.name})`,
          lotOf(currentSection.id, lots)?.id,
          (value) => setLotChoice((all) => ({ ...all, [currentSection.id]: Number(value) })),
          null,
          lots.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name} ({formatCents(entry.priceCents)}
              {isTables ? ' por lugar' : ''})
            </option>
          )),
          'field lot',
        )
      : null;

  return (
    <section className="picker" part="base" aria-label={SEAT_PICKER_MESSAGES.title}>
      <header className="header">
        <h2 className="title" part="title">
          {SEAT_PICKER_MESSAGES.title}
        </h2>
        <button type="button" part="mode-toggle" onClick={() => setListMode(!listMode)}>
          {listMode ? SEAT_PICKER_MESSAGES.showMap : SEAT_PICKER_MESSAGES.showList}
        </button>
      </header>

      {map ? null : loadable?.error ? (
        <div className="notice" role="alert">
          <p>{loadable.error}</p>
          <button type="button" onClick={() => void loadSeatMap(eventId, { force: true })}>
            {SEAT_PICKER_MESSAGES.retry}
          </button>
        </div>
      ) : (
        <p className="notice" role="status">
          {SEAT_PICKER_MESSAGES.loading}
        </p>
      )}

      {map && !listMode ? (
        <div part="map">
          <div className="frame">
            <canvas
              ref={canvasRef}
              className="canvas"
              part="canvas"
              role="img"
              tabIndex={0}
              aria-label={mapDescription(map.seatCount)}
              aria-describedby={hintId}
              onBlur={() => showTip(null)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') return showTip(null);
                if (event.key === 'Enter' || event.key === ' ') {
                  if (!controller.focus) return;
                  event.preventDefault();
                  return selectFocus();
                }
                if (!event.shiftKey && moveFocusBy(event.key)) return event.preventDefault();
                const change = VIEW_KEYS.get(event.key);
                if (!change) return;
                event.preventDefault();
                showTip(null);
                controller.apply(change);
              }}
            />
            {tip ? (
              <div
                className={tip.y < 72 ? 'tooltip below' : 'tooltip'}
                part="tooltip"
                role="tooltip"
                style={{ left: tip.x, top: tip.y }}
              >
                <strong>{tip.facts.section}</strong>
                <span>{tip.facts.place}</span>
                <span>{[tip.facts.price, tip.facts.status].filter(Boolean).join(' · ')}</span>
              </div>
            ) : null}
            <div className="zoom" part="zoom-controls">
              {ZOOM_BUTTONS.map(([label, symbol, action]) => (
                <button
                  key={label}
                  type="button"
                  aria-label={label}
                  title={label}
                  onClick={() => {
                    showTip(null);
                    controller.apply(action);
                  }}
                >
                  {symbol}
                </button>
              ))}
            </div>
          </div>
          <p className="hint" id={hintId}>
            {SEAT_PICKER_MESSAGES.keyboardHint}
          </p>
        </div>
      ) : null}

      {map && listMode ? (
        <SeatList
          map={map}
          current={current}
          layout={currentLayout}
          kindOf={kindOf}
          lotField={lotField}
          busy={busy}
          onSection={chooseSection}
          onRow={(seatIds) => refreshStatuses(eventId, seatIds)}
          onAdd={(index) => void toggle(current, index, isTables)}
        />
      ) : (
        lotField
      )}

      <p className="announce" part="announcer" role="status" aria-live="polite" aria-atomic="true">
        {notice[0]}
      </p>
      <p className="announce error" role="alert" aria-atomic="true">
        {notice[1]}
      </p>
      <QueueLink message={notice[1]} eventId={eventId} queueUrl={undefined} />

      {map ? (
        <div className="aside">
          <div>
            <h3>{SEAT_PICKER_MESSAGES.legend}</h3>
            <ul part="legend">
              {LEGEND.map(([key, text]) => (
                <li key={key}>
                  <span
                    className={`swatch ${key}`}
                    // Available seats take the first section's colour, the others their token
                    // (`--_selected`, …; a table has none and shows only its ring).
                    style={{ background: key === 'available' ? map.sections[0]?.color : `var(--_${key})` }}
                    aria-hidden="true"
                  />
                  {text}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{SEAT_PICKER_MESSAGES.prices}</h3>
            <ul className="prices" part="prices">
              {map.sections.map((section) => (
                <li key={section.id}>
                  <span className="swatch" style={{ background: section.color }} aria-hidden="true" />
                  {section.name}
                  {section.priceFromCents !== null ? (
                    <span className="muted"> {priceFrom(section)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
          <div className="summary" part="summary">
            <h3>{SEAT_PICKER_MESSAGES.yourSeats}</h3>
            {lines.length === 0 ? <p className="muted">{SEAT_PICKER_MESSAGES.noSeats}</p> : null}
            <ul>
              {lines.map((item) => (
                <li key={cartItemKey(item)}>
                  <span>
                    {lineName(item)} <span className="muted">{formatCents(lineCents(item))}</span>
                  </span>
                  <button
                    type="button"
                    part="remove-button"
                    aria-label={`${SEAT_PICKER_MESSAGES.remove} ${lineName(item)}`}
                    onClick={() => void removeLine(item)}
                  >
                    {SEAT_PICKER_MESSAGES.remove}
                  </button>
                </li>
              ))}
            </ul>
            {lines.length > 0 ? (
              <p className="total">
                Total: {formatCents(lines.reduce((sum, item) => sum + lineCents(item), 0))}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
