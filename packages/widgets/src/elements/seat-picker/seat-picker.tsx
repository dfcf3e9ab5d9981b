/**
 * The seat and table picker (spec §4 seat flow): a canvas map with live statuses, zoom and
 * pan by mouse, touch and keyboard, prices per section, and an accessible list mode. Every
 * rule (status check, cart check, 600 s hold, release on failure, the messages) is
 * `@plateia/core`'s `addSeatToCart` / `removeSeatFromCart`; this component shows and asks.
 */

import { useStore } from '@nanostores/react';
import {
  fetchSectionPricing,
  fetchSubmap,
  type SeatMap,
  type SectionPricing,
  seatCartItem,
  tableCartItem,
} from '@plateia/core/api/buying';
import { type CartItem, cartItemKey, seatIdsOf } from '@plateia/core/rules/cart';
import { formatCents } from '@plateia/core/rules/price';
import { SEAT_MESSAGES } from '@plateia/core/rules/seat-flow';
import { $cart, addSeatToCart, removeSeatFromCart } from '@plateia/core/stores/cart';
import { eventStore, loadEvent } from '@plateia/core/stores/catalogue';
import { $seatMaps, $seatStatuses, loadSeatMap, refreshSeatStatus } from '@plateia/core/stores/seats';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ElementHostProps } from '../../shared/define-element.ts';
import { drawSeatMap, type MapColors, SEAT_KIND, type SeatKind } from './seat-canvas.ts';
import {
  buildSectionLayout,
  hitTest,
  keyToViewAction,
  levelOfDetail,
  type SectionLayout,
  type ViewAction,
  type ViewState,
  viewRect,
  viewReducer,
  visibleSections,
  ZOOM_STEP,
} from './seat-layout.ts';

/** Statuses are polled this often while the picker is on screen and the tab visible (ms). */
export const STATUS_POLL_MS = 8000;

/** Texts the picker shows (pt-BR); the seat flow's errors come from core's `SEAT_MESSAGES`. */
export const SEAT_PICKER_MESSAGES = {
  title: 'Escolha seus lugares',
  loading: 'Carregando mapa de assentos…',
  retry: 'Tentar Novamente',
  showList: 'Ver lista de assentos',
  showMap: 'Ver mapa',
  zoomIn: 'Aproximar',
  zoomOut: 'Afastar',
  reset: 'Ver mapa inteiro',
  keyboardHint: 'Use + e − para aproximar ou afastar, as setas para mover e 0 para ver o mapa inteiro.',
  prices: 'Preços por setor',
  legend: 'Legenda',
  yourSeats: 'Seus lugares',
  noSeats: 'Nenhum lugar escolhido.',
  remove: 'Remover',
  holding: 'Reservando…',
  section: 'Setor',
  row: 'Fileira',
  seat: 'Assento',
  table: 'Mesa',
  ticketType: 'Tipo de ingresso',
  add: 'Adicionar ao carrinho',
  chooseSection: 'Escolha o setor',
  chooseRow: 'Escolha a fileira',
  chooseSeat: 'Escolha o assento',
  chooseTable: 'Escolha a mesa',
  noEvent: 'Informe o evento do mapa de assentos.',
} as const;

/** Legend entries, in order: status, label. */
export const LEGEND = [
  ['available', 'Disponível'],
  ['selected', 'Selecionado'],
  ['held', 'Reservado'],
  ['sold', 'Vendido'],
  ['blocked', 'Indisponível'],
  ['table', 'Mesa'],
] as const;

const STATUS_SUFFIX: Record<number, string> = {
  [SEAT_KIND.selected]: ' (no seu carrinho)',
  [SEAT_KIND.held]: ' (Reservado)',
  [SEAT_KIND.sold]: ' (Vendido)',
  [SEAT_KIND.blocked]: ' (Indisponível)',
};

/** The map's text alternative, pointing to the list mode. */
export function mapDescription(seatCount: number): string {
  return `Mapa de assentos com ${seatCount.toLocaleString('pt-BR')} lugares. Para escolher pelo teclado ou com leitor de tela, use “${SEAT_PICKER_MESSAGES.showList}”.`;
}

/** "Assento A12" / "Mesa 3": how a cart line or a choice is named to a person. */
export function placeName(details: { rowName: string; seatNumber: string }, isTable: boolean): string {
  return isTable
    ? details.seatNumber
    : `${SEAT_PICKER_MESSAGES.seat} ${details.rowName}${details.seatNumber}`;
}

/** The announcement after a seat or table was added, e.g. "Assento A12, Plateia, R$ 120,00 adicionado ao carrinho". */
export function addedMessage(place: string, sectionName: string, cents: number, isTable: boolean): string {
  return `${place}, ${sectionName}, ${formatCents(cents)} ${isTable ? 'adicionada' : 'adicionado'} ao carrinho`;
}

/** The announcement after a seat or table left the cart. */
export function removedMessage(place: string, sectionName: string, isTable: boolean): string {
  return `${place}, ${sectionName} ${isTable ? 'removida' : 'removido'} do carrinho`;
}

/** Seat-kind lookup from the live statuses and this cart's seats (`held_by_you` outside the cart is addable). */
export function seatKindOf(statuses: Readonly<Record<string, string>>, inCart: ReadonlySet<string>) {
  return (seatId: number): SeatKind => {
    const key = String(seatId);
    if (inCart.has(key)) return SEAT_KIND.selected;
    switch (statuses[key]) {
      case 'held':
        return SEAT_KIND.held;
      case 'sold':
        return SEAT_KIND.sold;
      case 'blocked':
        return SEAT_KIND.blocked;
      default:
        return SEAT_KIND.available;
    }
  };
}

/** What a seat or table line costs: a table's lot is priced per seat. */
export function lineCents(item: CartItem): number {
  return item.tk_price * (item.seatInfo?.isTable ? seatIdsOf(item).length : item.amount);
}

/** A lot that sells a section's seats. */
type Lot = SectionPricing['ticketTypes'][number];

/** Props of {@link SeatPicker}; the element mirrors `eventId` as `event-id`. */
export interface SeatPickerProps extends ElementHostProps {
  /** The event whose map is shown (attribute `event-id`). */
  eventId?: string;
}

/** The zoom controls over the map: label (also the tooltip), symbol and what each does. */
const ZOOM_BUTTONS: readonly (readonly [label: string, symbol: string, action: ViewAction])[] = [
  [SEAT_PICKER_MESSAGES.zoomIn, '+', { type: 'zoom', factor: ZOOM_STEP }],
  [SEAT_PICKER_MESSAGES.zoomOut, '−', { type: 'zoom', factor: 1 / ZOOM_STEP }],
  [SEAT_PICKER_MESSAGES.reset, '⤢', { type: 'reset' }],
];

/** The seat indexes of one row of a section's layout, in order. */
function rowSeatIndexes(layout: SectionLayout, row: number): number[] {
  const seats: number[] = [];
  for (let seat = layout.rowStart[row] ?? 0; seat < (layout.rowStart[row + 1] ?? 0); seat++) seats.push(seat);
  return seats;
}

const STAGE_HEIGHT = 40;
const CLICK_SLOP_PX = 5;

function cssColor(host: Element | null, name: string, fallback: string): string {
  if (!host || typeof getComputedStyle === 'undefined') return fallback;
  return getComputedStyle(host).getPropertyValue(name).trim() || fallback;
}

function readColors(host: Element | null): MapColors {
  return {
    background: cssColor(host, '--plateia-bg', '#15151c'),
    text: cssColor(host, '--plateia-fg', '#f4f4f6'),
    muted: cssColor(host, '--plateia-muted', '#a1a1b0'),
    selected: cssColor(host, '--plateia-seat-selected', '#4ade80'),
    held: cssColor(host, '--plateia-seat-held', '#60a5fa'),
    sold: cssColor(host, '--plateia-seat-sold', '#52525b'),
    blocked: cssColor(host, '--plateia-seat-blocked', '#2e2e36'),
    focus: cssColor(host, '--plateia-fg', '#f4f4f6'),
    font: cssColor(host, '--plateia-font', 'system-ui, sans-serif'),
  };
}

/** The map fitted with room for the stage above y = 0. */
function fitMap(map: SeatMap, width: number, height: number): ViewState['fit'] {
  const margin = 16;
  const scale = Math.max(
    1e-3,
    Math.min((width - 2 * margin) / map.width, (height - 2 * margin) / (map.height + STAGE_HEIGHT)),
  );
  return {
    scale,
    x: (width - map.width * scale) / 2,
    y: (height - (map.height + STAGE_HEIGHT) * scale) / 2 + STAGE_HEIGHT * scale,
  };
}

/** The `<plateia-seat-picker>` component. */
export function SeatPicker({ eventId = '', container }: SeatPickerProps): ReactNode {
  const id = useId();
  const maps = useStore($seatMaps);
  const allStatuses = useStore($seatStatuses);
  const cart = useStore($cart);
  const $event = useMemo(() => eventStore(eventId || '0'), [eventId]);
  const event = useStore($event).data;
  const loadable = eventId ? maps[eventId] : undefined;
  const map = loadable?.data ?? null;
  const statuses = allStatuses[eventId] ?? {};

  const [mode, setMode] = useState<'map' | 'list'>('map');
  const [layoutVersion, setLayoutVersion] = useState(0);
  const [pricing, setPricing] = useState<Record<number, SectionPricing>>({});
  const [lotChoice, setLotChoice] = useState<Record<number, number>>({});
  const [current, setCurrent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean }>({ text: '', error: false });
  const [listRow, setListRow] = useState('');
  const [listSeat, setListSeat] = useState('');

  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const layoutsRef = useRef<Array<SectionLayout | undefined>>([]);
  const loadingRef = useRef(new Set<number>());
  const viewRef = useRef<ViewState>({
    view: { scale: 1, x: 0, y: 0 },
    width: 0,
    height: 0,
    fit: { scale: 1, x: 0, y: 0 },
  });
  const rafRef = useRef(0);
  const onScreenRef = useRef(true);
  const colorsRef = useRef<MapColors | null>(null);

  const cartSeats = useMemo(() => {
    const ids = new Set<string>();
    for (const item of cart)
      if (String(item.eventId) === eventId) for (const seat of seatIdsOf(item)) ids.add(seat);
    return ids;
  }, [cart, eventId]);
  const kindOf = useMemo(() => seatKindOf(statuses, cartSeats), [statuses, cartSeats]);
  const lines = useMemo(
    () =>
      cart.filter(
        (item) => String(item.eventId) === eventId && (item.seatSelection || item.seatInfo?.isTable),
      ),
    [cart, eventId],
  );

  // Mutable inputs of the draw callback, so a frame never waits for React.
  const drawInputs = useRef({ map, kindOf, focus: null as { section: number; seat: number } | null });
  drawInputs.current.map = map;
  drawInputs.current.kindOf = kindOf;

  const loadSection = useCallback(
    (index: number) => {
      const section = map?.sections[index];
      if (!section || layoutsRef.current[index] || loadingRef.current.has(index)) return;
      loadingRef.current.add(index);
      fetchSubmap(eventId, section.id)
        .then((full) => {
          layoutsRef.current[index] = buildSectionLayout({
            ...section,
            rows: full.rows,
            tables: full.tables,
          });
          setLayoutVersion((version) => version + 1);
        })
        .catch(() => undefined)
        .finally(() => loadingRef.current.delete(index));
    },
    [map, eventId],
  );

  const draw = useCallback(() => {
    rafRef.current = 0;
    const canvas = canvasRef.current;
    const { map: current, kindOf: kinds, focus } = drawInputs.current;
    const state = viewRef.current;
    const ctx = canvas?.getContext?.('2d');
    if (!canvas || !ctx || !current || state.width === 0) return;
    // Read once per element: getComputedStyle on every frame would force style work.
    const colors = colorsRef.current ?? readColors(container?.host ?? null);
    colorsRef.current = colors;
    drawSeatMap(ctx, {
      map: current,
      layouts: layoutsRef.current,
      view: state.view,
      width: state.width,
      height: state.height,
      pixelRatio: globalThis.devicePixelRatio || 1,
      colors,
      kindOf: kinds,
      focus,
    });
    // Large maps come without rows: fetch the sections that came into seat-level view.
    if (!current.inline && levelOfDetail(state.view.scale) !== 'blocks') {
      for (const index of visibleSections(current, viewRect(state.view, state.width, state.height))) {
        loadSection(index);
      }
    }
  }, [container, loadSection]);

  const requestDraw = useCallback(() => {
    if (rafRef.current === 0 && typeof requestAnimationFrame !== 'undefined') {
      rafRef.current = requestAnimationFrame(draw);
    }
  }, [draw]);

  const dispatch = useCallback(
    (action: ViewAction) => {
      viewRef.current = viewReducer(viewRef.current, action);
      requestDraw();
    },
    [requestDraw],
  );

  useEffect(() => () => cancelAnimationFrame?.(rafRef.current), []);

  // Map, event and first statuses.
  useEffect(() => {
    if (!eventId) return;
    void loadSeatMap(eventId);
    void loadEvent(eventId).catch(() => undefined);
  }, [eventId]);

  // Inline maps carry every row: index them all at once.
  useEffect(() => {
    layoutsRef.current = map?.inline ? map.sections.map((section) => buildSectionLayout(section)) : [];
    loadingRef.current.clear();
    setLayoutVersion((version) => version + 1);
  }, [map]);

  // Live statuses: one sparse read now, then every few seconds while visible.
  useEffect(() => {
    if (!eventId || !map) return;
    const poll = () => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      if (!onScreenRef.current) return;
      void refreshSeatStatus(eventId, []).catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, STATUS_POLL_MS);
    const host = container?.host;
    let observer: IntersectionObserver | undefined;
    if (host && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        const entry = entries[entries.length - 1];
        if (entry) onScreenRef.current = entry.isIntersecting;
      });
      observer.observe(host);
    }
    return () => {
      clearInterval(timer);
      observer?.disconnect();
    };
  }, [eventId, map, container]);

  // Canvas size follows its frame, in device pixels.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mode` re-mounts the canvas and its frame.
  useEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    if (!frame || !canvas || !map) return;
    const resize = () => {
      const width = frame.clientWidth;
      const height = frame.clientHeight;
      if (width === 0 || height === 0) return;
      const ratio = globalThis.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      dispatch({ type: 'resize', width, height, fit: fitMap(map, width, height) });
      draw();
    };
    resize();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(resize);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [map, dispatch, draw, mode]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `mode` and `map` (re)mount the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = canvas.getBoundingClientRect();
      dispatch({
        type: 'zoom',
        factor: Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)),
        at: [event.clientX - box.left, event.clientY - box.top],
      });
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [dispatch, mode, map]);

  // Anything that changes colours or seats redraws.
  useEffect(() => {
    void layoutVersion;
    void kindOf;
    requestDraw();
  }, [requestDraw, layoutVersion, kindOf]);

  // The buy button may ask for the picker.
  useEffect(() => {
    if (typeof document === 'undefined') return;
    const onOpen = (event: Event) => {
      const wanted = (event as CustomEvent<{ eventId?: string | number } | null>).detail?.eventId;
      if (wanted !== undefined && String(wanted) !== eventId) return;
      // Tells the buy button a picker on this page answered.
      event.preventDefault();
      const host = container?.host as HTMLElement | undefined;
      host?.scrollIntoView?.({ block: 'center' });
      canvasRef.current?.focus();
    };
    document.addEventListener('plateia-seat-picker-open', onOpen);
    return () => document.removeEventListener('plateia-seat-picker-open', onOpen);
  }, [eventId, container]);

  const lotsFor = useCallback(
    (index: number): Lot[] => {
      const section = map?.sections[index];
      if (!section) return [];
      const priced = pricing[section.id]?.ticketTypes;
      if (priced && priced.length > 0) return priced;
      return (event?.ticketTypes ?? [])
        .filter((type) => type.sectionId === section.id)
        .map((type) => ({ ...type, description: type.description ?? '' }));
    },
    [map, pricing, event],
  );

  const chooseSection = useCallback(
    (index: number | null) => {
      setCurrent(index);
      setListRow('');
      setListSeat('');
      const section = index === null ? undefined : map?.sections[index];
      if (!section || index === null) return;
      if (!map?.inline) loadSection(index);
      if (!pricing[section.id]) {
        fetchSectionPricing(section.id)
          .then((answer) => setPricing((all) => ({ ...all, [section.id]: answer })))
          .catch(() => undefined);
      }
    },
    [map, pricing, loadSection],
  );

  const lotOf = (index: number): Lot | undefined => {
    const lots = lotsFor(index);
    const section = map?.sections[index];
    const chosen = section ? lotChoice[section.id] : undefined;
    return lots.find((lot) => lot.id === chosen) ?? lots[0];
  };

  const announce = (text: string, error = false) => setNotice({ text, error });

  const removeLine = async (item: CartItem) => {
    const isTable = Boolean(item.seatInfo?.isTable);
    const details = item.seatDetails ?? {
      sectionName: '',
      rowName: '',
      seatNumber: String(item.numerationSelected ?? ''),
    };
    const result = await removeSeatFromCart(item);
    if (result.ok) announce(removedMessage(placeName(details, isTable), details.sectionName, isTable));
    else announce(result.error, true);
  };

  /** Adds (or, when it is already in the cart, removes) a seat or a table. */
  const toggle = async (sectionIndex: number, target: { seat: number } | { table: number }) => {
    const layout = layoutsRef.current[sectionIndex];
    const section = map?.sections[sectionIndex];
    if (!layout || !section || busy) return;
    const seatIds =
      'seat' in target
        ? [String(layout.ids[target.seat])]
        : (layout.tables[target.table]?.seatIds ?? []).map(String);
    const existing = lines.find((item) => seatIdsOf(item).some((seat) => seatIds.includes(seat)));
    if (existing) {
      await removeLine(existing);
      return;
    }
    if (current !== sectionIndex) chooseSection(sectionIndex);
    // A quick first click may come before the event or the section's prices arrived.
    const buying = event ?? (await loadEvent(eventId).catch(() => null));
    let lots = lotsFor(sectionIndex);
    if (lots.length === 0) {
      const answer = await fetchSectionPricing(section.id).catch(() => null);
      lots = answer?.ticketTypes ?? [];
    }
    const lot = lots.find((entry) => entry.id === lotChoice[section.id]) ?? lots[0];
    if (!buying || !lot) {
      announce(SEAT_MESSAGES.addFailed, true);
      return;
    }
    const isTable = 'table' in target;
    let item: CartItem;
    let place: string;
    let cents = lot.priceCents;
    if ('table' in target) {
      const table = layout.tables[target.table];
      if (!table) return;
      item = tableCartItem({ event: buying, section, table, ticketType: lot });
      place = table.name;
      cents = lot.priceCents * table.seatIds.length;
    } else {
      const seat = target.seat;
      const rowLabel = layout.rowLabels[layout.row[seat] as number] ?? '';
      const seatNumber = layout.numbers[seat] ?? '';
      item = seatCartItem({
        event: buying,
        section,
        row: { label: rowLabel },
        seatId: layout.ids[seat] as number,
        seatNumber,
        ticketType: lot,
      });
      place = placeName({ rowName: rowLabel, seatNumber }, false);
    }
    setBusy(true);
    announce(SEAT_PICKER_MESSAGES.holding);
    try {
      const result = await addSeatToCart(item);
      if (result.ok) announce(addedMessage(place, section.name, cents, isTable));
      else announce(result.error, true);
    } finally {
      setBusy(false);
      void refreshSeatStatus(eventId, []).catch(() => undefined);
    }
  };

  // Pointer gestures: drag pans, two fingers pinch, a still tap selects.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef({ moved: 0, distance: 0 });
  const local = (event: PointerEvent<HTMLCanvasElement>): { x: number; y: number } => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Synthetic or already-lifted pointers cannot be captured; dragging still works inside the canvas.
    }
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size === 1) gesture.current.moved = 0;
    gesture.current.distance = 0;
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const previous = pointers.current.get(event.pointerId);
    if (!previous) return;
    const point = local(event);
    const all = [...pointers.current.values()];
    if (all.length === 1) {
      gesture.current.moved += Math.abs(point.x - previous.x) + Math.abs(point.y - previous.y);
      dispatch({ type: 'pan', dx: point.x - previous.x, dy: point.y - previous.y });
    } else if (all.length === 2) {
      const other = all.find((entry) => entry !== previous) ?? previous;
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(point.x - other.x, point.y - other.y);
      gesture.current.moved += CLICK_SLOP_PX;
      if (before > 0) {
        dispatch({
          type: 'zoom',
          factor: after / before,
          at: [(point.x + other.x) / 2, (point.y + other.y) / 2],
        });
      }
    }
    pointers.current.set(event.pointerId, point);
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const wasTap = pointers.current.size === 1 && gesture.current.moved < CLICK_SLOP_PX;
    pointers.current.delete(event.pointerId);
    if (!wasTap || !map) return;
    const point = local(event);
    const { view } = viewRef.current;
    const hit = hitTest(
      map,
      layoutsRef.current,
      (point.x - view.x) / view.scale,
      (point.y - view.y) / view.scale,
      Math.max(5, 8 / view.scale),
    );
    if (!hit) return;
    // Zoomed out (or rows not loaded yet), a click goes into the section; zoomed in, a click
    // between seats does nothing.
    if (
      levelOfDetail(view.scale) === 'blocks' ||
      (hit.kind === 'section' && !layoutsRef.current[hit.section])
    ) {
      const section = map.sections[hit.section];
      if (!section) return;
      chooseSection(hit.section);
      dispatch({
        type: 'focus',
        rect: [section.x, section.y, section.x + section.width, section.y + section.height],
      });
      return;
    }
    if (hit.kind === 'section') return;
    void toggle(hit.section, hit.kind === 'seat' ? { seat: hit.seat } : { table: hit.table });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const { width, height } = viewRef.current;
    const action = keyToViewAction(event.key, width, height);
    if (!action) return;
    event.preventDefault();
    dispatch(action);
  };

  if (!eventId) return <p className="notice">{SEAT_PICKER_MESSAGES.noEvent}</p>;

  const currentSection = current === null ? undefined : map?.sections[current];
  const currentLayout = current === null ? undefined : layoutsRef.current[current];
  const lots = current === null ? [] : lotsFor(current);
  const lot = current === null ? undefined : lotOf(current);
  const rowIndex = listRow === '' ? -1 : Number(listRow);
  const isTables = currentSection?.kind === 'tables';
  const totalCents = lines.reduce((sum, item) => sum + lineCents(item), 0);

  const rowSeats = currentLayout && rowIndex >= 0 ? rowSeatIndexes(currentLayout, rowIndex) : [];

  const addFromList = () => {
    if (current === null || listSeat === '') return;
    void toggle(current, isTables ? { table: Number(listSeat) } : { seat: Number(listSeat) });
  };

  const lotField =
    currentSection && lots.length > 0 ? (
      <label className="field lot">
        <span>
          {SEAT_PICKER_MESSAGES.ticketType} ({currentSection.name})
        </span>
        <select
          part="select"
          value={lot ? String(lot.id) : ''}
          onChange={(event) =>
            setLotChoice((all) => ({ ...all, [currentSection.id]: Number(event.target.value) }))
          }
        >
          {lots.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name} ({formatCents(entry.priceCents)}
              {isTables ? ' por lugar' : ''})
            </option>
          ))}
        </select>
      </label>
    ) : null;

  return (
    <section className="picker" part="base" aria-labelledby={`${id}-title`}>
      <header className="header">
        <h2 className="title" id={`${id}-title`} part="title">
          {SEAT_PICKER_MESSAGES.title}
        </h2>
        <button
          type="button"
          className="toggle"
          part="mode-toggle"
          onClick={() => setMode(mode === 'map' ? 'list' : 'map')}
        >
          {mode === 'map' ? SEAT_PICKER_MESSAGES.showList : SEAT_PICKER_MESSAGES.showMap}
        </button>
      </header>

      {!map && loadable?.error ? (
        <div className="notice" role="alert">
          <p>{loadable.error}</p>
          <button
            type="button"
            className="secondary"
            onClick={() => void loadSeatMap(eventId, { force: true })}
          >
            {SEAT_PICKER_MESSAGES.retry}
          </button>
        </div>
      ) : null}
      {!map && !loadable?.error ? (
        <p className="notice" role="status">
          {SEAT_PICKER_MESSAGES.loading}
        </p>
      ) : null}

      {map && mode === 'map' ? (
        <div className="stage" part="map">
          <div className="frame" ref={frameRef}>
            <canvas
              ref={canvasRef}
              className="canvas"
              part="canvas"
              role="img"
              tabIndex={0}
              aria-label={mapDescription(map.seatCount)}
              aria-describedby={`${id}-hint`}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={(event) => pointers.current.delete(event.pointerId)}
              onKeyDown={onKeyDown}
            />
            <div className="zoom" part="zoom-controls">
              {ZOOM_BUTTONS.map(([label, symbol, action]) => (
                <button
                  key={label}
                  type="button"
                  aria-label={label}
                  title={label}
                  onClick={() => dispatch(action)}
                >
                  {symbol}
                </button>
              ))}
            </div>
          </div>
          <p className="hint" id={`${id}-hint`}>
            {SEAT_PICKER_MESSAGES.keyboardHint}
          </p>
        </div>
      ) : null}

      {map && mode === 'list' ? (
        <div className="list" part="list">
          <label className="field">
            <span>{SEAT_PICKER_MESSAGES.section}</span>
            <select
              part="select"
              value={current === null ? '' : String(current)}
              onChange={(event) =>
                chooseSection(event.target.value === '' ? null : Number(event.target.value))
              }
            >
              <option value="">{SEAT_PICKER_MESSAGES.chooseSection}</option>
              {map.sections.map((section, index) => (
                <option key={section.id} value={index}>
                  {section.name}
                  {section.priceFromCents !== null
                    ? ` (a partir de ${formatCents(section.priceFromCents)})`
                    : ''}
                </option>
              ))}
            </select>
          </label>
          {currentSection && !currentLayout ? <p className="notice">{SEAT_PICKER_MESSAGES.loading}</p> : null}
          {currentLayout && !isTables ? (
            <label className="field">
              <span>{SEAT_PICKER_MESSAGES.row}</span>
              <select
                part="select"
                value={listRow}
                onChange={(event) => {
                  setListRow(event.target.value);
                  setListSeat('');
                  if (event.target.value === '') return;
                  const ids = rowSeatIndexes(currentLayout, Number(event.target.value)).map((seat) =>
                    String(currentLayout.ids[seat]),
                  );
                  void refreshSeatStatus(eventId, ids).catch(() => undefined);
                }}
              >
                <option value="">{SEAT_PICKER_MESSAGES.chooseRow}</option>
                {currentLayout.rowLabels.map((label, index) => (
                  <option key={label} value={index}>
                    {SEAT_PICKER_MESSAGES.row} {label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {currentLayout && !isTables && rowIndex >= 0 ? (
            <label className="field">
              <span>{SEAT_PICKER_MESSAGES.seat}</span>
              <select part="select" value={listSeat} onChange={(event) => setListSeat(event.target.value)}>
                <option value="">{SEAT_PICKER_MESSAGES.chooseSeat}</option>
                {rowSeats.map((seat) => {
                  const kind = kindOf(currentLayout.ids[seat] as number);
                  return (
                    <option key={seat} value={seat} disabled={kind !== SEAT_KIND.available}>
                      {`${SEAT_PICKER_MESSAGES.seat} ${currentLayout.rowLabels[rowIndex]}${currentLayout.numbers[seat]}${STATUS_SUFFIX[kind] ?? ''}`}
                    </option>
                  );
                })}
              </select>
            </label>
          ) : null}
          {currentLayout && isTables ? (
            <label className="field">
              <span>{SEAT_PICKER_MESSAGES.table}</span>
              <select part="select" value={listSeat} onChange={(event) => setListSeat(event.target.value)}>
                <option value="">{SEAT_PICKER_MESSAGES.chooseTable}</option>
                {currentLayout.tables.map((table, index) => {
                  const kinds = table.seatIds.map(kindOf);
                  const kind = kinds.find((entry) => entry !== SEAT_KIND.available) ?? SEAT_KIND.available;
                  return (
                    <option key={table.id} value={index} disabled={kind !== SEAT_KIND.available}>
                      {`${table.name}, ${table.seatIds.length} lugares${STATUS_SUFFIX[kind] ?? ''}`}
                    </option>
                  );
                })}
              </select>
            </label>
          ) : null}
          {lotField}
          <button
            type="button"
            className="primary"
            part="add-button"
            disabled={busy || listSeat === ''}
            onClick={addFromList}
          >
            {busy ? SEAT_PICKER_MESSAGES.holding : SEAT_PICKER_MESSAGES.add}
          </button>
        </div>
      ) : null}

      {mode === 'map' ? lotField : null}

      <p
        className={notice.error ? 'announce error' : 'announce'}
        part="announcer"
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {notice.error ? '' : notice.text}
      </p>
      <p className="announce error" role="alert" aria-atomic="true">
        {notice.error ? notice.text : ''}
      </p>

      {map ? (
        <div className="aside">
          <div>
            <h3>{SEAT_PICKER_MESSAGES.legend}</h3>
            <ul className="legend" part="legend">
              {LEGEND.map(([key, text]) => (
                <li key={key}>
                  <span
                    className={`swatch ${key}`}
                    style={key === 'available' ? { background: map.sections[0]?.color } : undefined}
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
                    <span className="muted"> a partir de {formatCents(section.priceFromCents)}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
          <div className="summary" part="summary">
            <h3>{SEAT_PICKER_MESSAGES.yourSeats}</h3>
            {lines.length === 0 ? <p className="muted">{SEAT_PICKER_MESSAGES.noSeats}</p> : null}
            <ul>
              {lines.map((item) => {
                const isTable = Boolean(item.seatInfo?.isTable);
                const details = item.seatDetails ?? { sectionName: '', rowName: '', seatNumber: '' };
                const place = placeName(details, isTable);
                return (
                  <li key={cartItemKey(item)}>
                    <span>
                      {place}, {details.sectionName}{' '}
                      <span className="muted">{formatCents(lineCents(item))}</span>
                    </span>
                    <button
                      type="button"
                      className="secondary"
                      part="remove-button"
                      aria-label={`${SEAT_PICKER_MESSAGES.remove} ${place}, ${details.sectionName}`}
                      onClick={() => void removeLine(item)}
                    >
                      {SEAT_PICKER_MESSAGES.remove}
                    </button>
                  </li>
                );
              })}
            </ul>
            {lines.length > 0 ? <p className="total">Total: {formatCents(totalCents)}</p> : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
