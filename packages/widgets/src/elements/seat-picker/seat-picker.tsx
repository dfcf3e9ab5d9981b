/**
 * The seat and table picker (docs/widgets-seat-picker.md seat flow): a canvas map with live statuses, zoom and
 * pan by mouse, touch and keyboard, prices per section, and an accessible list mode. Every
 * rule (status check, cart check, 600 s hold, release on failure, the messages) is
 * `@plateia/core`'s `addSeatToCart` / `removeSeatFromCart`; this component shows and asks.
 * What it reads and keeps fresh is `use-seat-map.ts`'s; the map view and the aside are
 * `seat-picker-parts.tsx`'s.
 */

import { useStore } from '@nanostores/react';
import type { SeatMap, SectionPricing } from '@plateia/core/api/seat-map';
import type { EventDetail } from '@plateia/core/contracts/catalogue';
import { SEAT_MESSAGES } from '@plateia/core/messages/seat-hold';
import { SEAT_PICKER_MESSAGES } from '@plateia/core/messages/seat-picker';
import { type CartItem, isSeatItem, seatIdsOf } from '@plateia/core/rules/cart';
import { seatCartItem, tableCartItem } from '@plateia/core/rules/seat-map';
import { $cart, addSeatToCart, type CartActionResult, removeSeatFromCart } from '@plateia/core/stores/cart';
import { loadEvent } from '@plateia/core/stores/catalogue';
import { refreshSeatStatus } from '@plateia/core/stores/seat-hold';
import { $sectionPricing, loadSeatMap, loadSectionPricing } from '@plateia/core/stores/seat-map';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { QueueLink } from '../../shared/waiting-room.tsx';
import { SEAT_KIND, type SeatKind } from './seat-canvas.ts';
import { isFocusKey, type SeatFacts, type SeatRef, seatAnnouncement, seatFacts } from './seat-focus.ts';
import { levelOfDetail, VIEW_KEYS, type ViewChange } from './seat-layout.ts';
import { SeatList } from './seat-list.tsx';
import type { SeatMapController } from './seat-map-controller.ts';
import { LotField, lineMessage, MapLoading, SeatMapView, SeatPickerAside } from './seat-picker-parts.tsx';
import {
  type SeatMapControls,
  useOpenRequest,
  useSeatMap,
  useSeatMapController,
  useSeatTip,
} from './use-seat-map.ts';

export { SEAT_STATUS_POLL_MS as STATUS_POLL_MS } from '@plateia/core/stores/seat-map';
export { LEGEND } from './seat-list.tsx';
export { lineCents, lineMessage, lineName, mapDescription } from './seat-picker-parts.tsx';
export { SEAT_TOOLTIP_DELAY_MS } from './use-seat-map.ts';

/** A lot that sells a section's seats. */
type Lot = SectionPricing['ticketTypes'][number];

/** Props of {@link SeatPicker}; the element mirrors `eventId` as `event-id`. */
export interface SeatPickerProps extends ElementHostProps {
  /** The event whose map is shown (attribute `event-id`). */
  eventId?: string;
}

/** For reads whose failure changes nothing on screen: the next poll or choice asks again. */
const ignore = () => undefined;

/** Reads the statuses of the given seats, or of the whole event (a sparse answer). */
function refreshStatuses(eventId: string, seatIds: string[] = []): void {
  refreshSeatStatus(eventId, seatIds).catch(ignore);
}

/**
 * The seat flow of one picker: the section chosen (in list mode, or clicked on the map), the
 * lot chosen per section, adding and removing seats and tables through core, and what the
 * picker announces. `lines` are this event's seat and table lines in the cart.
 */
function useSeatFlow(
  eventId: string,
  map: SeatMap | null | undefined,
  event: EventDetail | null,
  lines: CartItem[],
  controller: SeatMapController,
) {
  // Each section's lots, read once per page by core.
  const pricing = useStore($sectionPricing);
  const [lotChoice, setLotChoice] = useState<Record<number, number>>({});
  // The section chosen in list mode (or clicked on the map), by index; -1 for none.
  const [current, setCurrent] = useState(-1);
  const [busy, setBusy] = useState(false);
  // What the polite status region and the alert region say.
  const [notice, setNotice] = useState(['', '']);

  // The lots that sell a section (its pricing answer, else the event's ticket types of that
  // section), and the one chosen for it (else the first).
  const lotsOf = (sectionId: number, priced = pricing[sectionId]?.ticketTypes): Lot[] =>
    priced?.length ? priced : (event?.ticketTypes.filter((type) => type.sectionId === sectionId) ?? []);
  const lotOf = (sectionId: number, lots = lotsOf(sectionId)): Lot | undefined =>
    lots.find((lot) => lot.id === lotChoice[sectionId]) ?? lots[0];
  const chooseLot = (sectionId: number, lotId: number) =>
    setLotChoice((all) => ({ ...all, [sectionId]: lotId }));

  /** Reads a section's lots once (core keeps them; a failure is read again on the next ask). */
  const loadPricing = (sectionId: number) => void loadSectionPricing(sectionId);

  const chooseSection = (index: number) => {
    setCurrent(index);
    const section = map?.sections[index];
    if (!section) return;
    controller.loadSection(index);
    loadPricing(section.id);
  };

  const announce = (text: string, error = false) => setNotice(error ? ['', text] : [text, '']);
  /** Announces what core answered for a line added or removed: done, or why not. */
  const report = (result: CartActionResult, item: CartItem, added: boolean) =>
    announce(result.ok ? lineMessage(item, added) : result.error, !result.ok);

  const removeLine = async (item: CartItem) => report(await removeSeatFromCart(item), item, false);

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

  return {
    current,
    busy,
    notice,
    lotsOf,
    lotOf,
    chooseLot,
    loadPricing,
    chooseSection,
    announce,
    removeLine,
    toggle,
  };
}

/**
 * The map's keyboard and pointer input, as this render sees the picker: taps and hovers
 * from the controller (through `handlers`), the keys on the canvas and the zoom controls.
 * A tap zoomed out (or on a section whose rows are not loaded yet) goes into the section;
 * zoomed in, it takes the seat or table, and between seats it does nothing. A hover shows
 * the seat's tooltip.
 */
function useMapInput(
  { controller, handlers }: SeatMapControls,
  map: SeatMap | null | undefined,
  flow: ReturnType<typeof useSeatFlow>,
  tip: ReturnType<typeof useSeatTip>,
  factsOf: (seat: SeatRef) => SeatFacts | null,
) {
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
    flow.loadPricing(layout.section.id);
    const facts = factsOf(next);
    if (facts) flow.announce(seatAnnouncement(facts));
    tip.show(next);
    return true;
  };

  /** Enter or Space on the keyboard's seat: what a click on it does (its table, at a table). */
  const selectFocus = () => {
    const focus = controller.focus;
    const layout = focus && controller.layouts[focus.section];
    if (!focus || !layout) return;
    const table = layout.table[focus.index] as number;
    void flow.toggle(focus.section, table >= 0 ? table : focus.index, table >= 0);
  };

  /** A zoom control or a view key: the tooltip hides, the view changes. */
  const onView = (change: ViewChange) => {
    tip.show(null);
    controller.apply(change);
  };

  const onMapKey = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (event.key === 'Escape') return tip.show(null);
    if (event.key === 'Enter' || event.key === ' ') {
      if (!controller.focus) return;
      event.preventDefault();
      return selectFocus();
    }
    if (!event.shiftKey && moveFocusBy(event.key)) return event.preventDefault();
    const change = VIEW_KEYS.get(event.key);
    if (!change) return;
    event.preventDefault();
    onView(change);
  };

  handlers.current = {
    tap: (hit) => {
      const section = hit && map?.sections[hit.section];
      if (!hit || !section) return;
      if (
        levelOfDetail(controller.state.view.scale) === 'blocks' ||
        (hit.kind === 'section' && !controller.layouts[hit.section])
      ) {
        flow.chooseSection(hit.section);
        controller.showBox(section);
      } else if (hit.kind !== 'section') {
        void flow.toggle(hit.section, hit.index, hit.kind === 'table');
      }
    },
    hover: tip.hover,
  };

  return { onMapKey, onView };
}

/** The `<plateia-seat-picker>` component. */
export function SeatPicker({ eventId = '', container }: SeatPickerProps): ReactNode {
  const hintId = useId();
  const { loadable, map, event, statuses } = useSeatMap(eventId, container);
  const cart = useStore($cart);
  // List mode (selects) instead of the map.
  const [listMode, setListMode] = useState(false);

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

  // `listMode` re-mounts the canvas, which the controller then takes again.
  const controls = useSeatMapController(map, kindOf, listMode);
  const { controller, canvasRef } = controls;
  const tip = useSeatTip(controller, map, (seat) => factsOf(seat));
  const flow = useSeatFlow(eventId, map, event, lines, controller);
  // The buy button may ask for the picker.
  useOpenRequest(eventId, container, canvasRef);

  /** What a seat is, priced by its section's chosen lot (else "a partir de" its lowest price). */
  const factsOf = ({ section, index }: SeatRef): SeatFacts | null => {
    const layout = controller.layouts[section];
    if (!layout) return null;
    const kind = kindOf(layout.ids[index] as number);
    const lot = flow.lotOf(layout.section.id);
    return lot
      ? seatFacts(layout, index, lot.priceCents, kind)
      : seatFacts(layout, index, layout.section.priceFromCents, kind, true);
  };
  const { onMapKey, onView } = useMapInput(controls, map, flow, tip, factsOf);

  if (!eventId) return <p className="notice">{SEAT_PICKER_MESSAGES.noEvent}</p>;

  const { current, notice } = flow;
  const currentSection = map?.sections[current];
  const lots = currentSection ? flow.lotsOf(currentSection.id) : [];
  const isTables = currentSection?.kind === 'tables';
  const lotField =
    currentSection && lots.length > 0 ? (
      <LotField
        section={currentSection}
        lots={lots}
        chosen={flow.lotOf(currentSection.id, lots)?.id}
        onChoose={(lotId) => flow.chooseLot(currentSection.id, lotId)}
      />
    ) : null;

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

      {map ? null : (
        <MapLoading error={loadable?.error} onRetry={() => void loadSeatMap(eventId, { force: true })} />
      )}

      {map && !listMode ? (
        <SeatMapView
          map={map}
          canvasRef={canvasRef}
          hintId={hintId}
          tip={tip.tip}
          onKeyDown={onMapKey}
          onBlur={() => tip.show(null)}
          onView={onView}
        />
      ) : null}

      {map && listMode ? (
        <SeatList
          map={map}
          current={current}
          layout={controller.layouts[current]}
          kindOf={kindOf}
          lotField={lotField}
          busy={flow.busy}
          onSection={flow.chooseSection}
          onRow={(seatIds) => refreshStatuses(eventId, seatIds)}
          onAdd={(index) => void flow.toggle(current, index, isTables)}
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
        <SeatPickerAside map={map} lines={lines} onRemove={(item) => void flow.removeLine(item)} />
      ) : null}
    </section>
  );
}
