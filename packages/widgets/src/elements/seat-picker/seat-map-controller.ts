/**
 * The seat map's controller, free of any UI framework: it owns the canvas's frame loop
 * (frames coalesced with `requestAnimationFrame`, one `drawSeatMap` each), the section
 * layouts (the hit index; large maps' sections fetched once they come into seat-level
 * view), the view (zoom and pan), the pointer, wheel and pinch gestures, and the keyboard's
 * focused seat. The picker's component drives it through this small API and hears back
 * through {@link MapControllerEvents}; zoom, pan and focus never re-render the component.
 */
import { fetchSubmap, type SeatMap } from '@plateia/core/api/seat-map';
import { drawSeatMap, type MapColors, type SeatKind } from './seat-canvas.ts';
import { type FocusKey, moveFocus, nearestSeat, revealPoint, type SeatRef } from './seat-focus.ts';
import {
  type Box,
  buildSectionLayout,
  fitBox,
  focusView,
  hitTest,
  levelOfDetail,
  type MapHit,
  type Point,
  panView,
  resizeView,
  type SectionLayout,
  type ViewChange,
  type ViewState,
  zoomView,
} from './seat-layout.ts';

/** What the controller tells its host. */
export interface MapControllerEvents {
  /** A still tap (a pointer that moved less than 5 px) on what is at that point. */
  tap(hit: MapHit | null): void;
  /** The seat under a pointer with no button down, at seat level; null off seats. */
  hover(seat: SeatRef | null): void;
  /** A press, the wheel or a pinch started moving the map: what sits over a seat is stale. */
  moved(): void;
  /** A section's layout arrived (its seats can now be listed, drawn and focused). */
  relayout(): void;
}

/** Room above y = 0 for the stage, in venue units. */
const STAGE_HEIGHT = 40;
const CLICK_SLOP_PX = 5;
/** The view before the canvas has a size. */
const UNSIZED = { scale: 1, x: 0, y: 0 };

/** The canvas colours when the theme tokens are missing (the component used without its element). */
const DEFAULT_COLORS: MapColors = {
  bg: '#15151c',
  fg: '#f4f4f6',
  muted: '#a1a1b0',
  selected: '#4ade80',
  held: '#60a5fa',
  sold: '#52525b',
  blocked: '#2e2e36',
  font: 'system-ui, sans-serif',
};

/** The map colours from the theme tokens (`--_bg`, …, `--_font`) the canvas inherits. */
function readColors(canvas: Element): MapColors {
  const style = getComputedStyle(canvas);
  const colors = { ...DEFAULT_COLORS };
  for (const key of Object.keys(colors) as Array<keyof MapColors>) {
    colors[key] = style.getPropertyValue(`--_${key}`).trim() || colors[key];
  }
  return colors;
}

/** The point in the canvas that `event` happened on. */
function pointOf(event: { clientX: number; clientY: number }, canvas: Element): Point {
  const box = canvas.getBoundingClientRect();
  return [event.clientX - box.left, event.clientY - box.top];
}

/** One map on one canvas at a time; see the module's comment. */
export class SeatMapController {
  state: ViewState = { view: UNSIZED, width: 0, height: 0, fit: UNSIZED };
  /** Section layouts by section index once their rows are known; null while they are fetched. */
  layouts: Array<SectionLayout | null | undefined> = [];
  /** The map the layouts belong to; none while it loads. */
  map: SeatMap | null = null;
  /** The seat the keyboard is on, ringed on the map; none until an arrow key is pressed. */
  focus: SeatRef | null = null;
  /** How each seat is drawn; the host refreshes it when statuses or the cart change. */
  kindOf: (seatId: number) => SeatKind = () => 0;
  private canvas: HTMLCanvasElement | null = null;
  private raf = 0;
  private colors?: MapColors;
  /** Pointers down on the canvas, and how far a gesture moved. */
  private pointers = new Map<number, Point>();
  private movedPx = 0;

  private readonly events: MapControllerEvents;

  constructor(events: MapControllerEvents) {
    this.events = events;
  }

  /** Shows a map (or none): inline maps carry every row, so their sections are indexed at once. */
  setMap(map: SeatMap | null | undefined): void {
    if (this.map === (map ?? null)) return;
    this.map = map ?? null;
    this.layouts = map?.inline ? map.sections.map(buildSectionLayout) : [];
    this.focus = null;
    this.requestDraw();
  }

  /** Fetches a section's rows (large maps come without them) and indexes them. */
  loadSection(index: number): void {
    const { map, layouts } = this;
    const section = map?.sections[index];
    if (!map || !section || layouts[index] !== undefined) return;
    layouts[index] = null;
    fetchSubmap(map.eventId, section.id).then(
      (full) => {
        // The map may have changed meanwhile.
        if (this.layouts !== layouts) return;
        layouts[index] = buildSectionLayout({ ...section, rows: full.rows, tables: full.tables });
        this.events.relayout();
        this.requestDraw();
      },
      // Asked again when the section is next in view.
      () => {
        layouts[index] = undefined;
      },
    );
  }

  /** Asks for a frame; every input between two frames is drawn by the one frame. */
  requestDraw(): void {
    this.raf ||= requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.raf = 0;
    const { map, state } = this;
    const ctx = this.canvas?.getContext('2d');
    if (!ctx || !map || state.width === 0) return;
    // Read once per element: getComputedStyle on every frame would force style work.
    this.colors ??= readColors(ctx.canvas);
    const unloaded = drawSeatMap(
      ctx,
      { map, layouts: this.layouts, state, colors: this.colors, kindOf: this.kindOf, focus: this.focus },
      devicePixelRatio,
    );
    // Large maps come without rows: fetch the sections that came into seat-level view.
    if (levelOfDetail(state.view.scale) !== 'blocks') for (const index of unloaded) this.loadSection(index);
  }

  /** Shows a new view state on the next frame. */
  show(state: ViewState): void {
    this.state = state;
    this.requestDraw();
  }

  /** A zoom or pan that a key or a button asks for. */
  apply(change: ViewChange): void {
    this.show(change(this.state));
  }

  /** Shows a box (a section) as large as the canvas allows. */
  showBox(box: Box): void {
    this.show(focusView(this.state, box));
  }

  /** What is at a canvas point (CSS px): a seat, a table, a section, or nothing. */
  hitAt([x, y]: Point): MapHit | null {
    const { view } = this.state;
    if (!this.map) return null;
    return hitTest(
      this.map,
      this.layouts,
      (x - view.x) / view.scale,
      (y - view.y) / view.scale,
      Math.max(5, 8 / view.scale),
    );
  }

  /** Where a seat is drawn on the canvas (CSS px) in the current view. */
  screenOf({ section, index }: SeatRef): Point | null {
    const layout = this.layouts[section];
    if (!layout) return null;
    const { view } = this.state;
    return [
      (layout.xs[index] as number) * view.scale + view.x,
      (layout.ys[index] as number) * view.scale + view.y,
    ];
  }

  /**
   * Moves the keyboard's seat (the first key takes the seat nearest to the centre of the
   * view) and makes the view show it. Null when no section has its seats yet.
   */
  moveFocus(key: FocusKey): SeatRef | null {
    const { view, width, height } = this.state;
    const from =
      this.focus ??
      nearestSeat(this.layouts, [(width / 2 - view.x) / view.scale, (height / 2 - view.y) / view.scale]);
    if (!from) return null;
    const next = this.focus ? moveFocus(this.layouts, from, key) : from;
    const layout = this.layouts[next.section];
    if (!layout) return null;
    this.focus = next;
    this.show(revealPoint(this.state, [layout.xs[next.index] as number, layout.ys[next.index] as number]));
    return next;
  }

  /**
   * Takes a canvas: sizes it in device pixels to its CSS box (ResizeObserver), and listens
   * to the pointer (drag pans, two pointers pinch, a still tap is a tap, no button is a
   * hover) and the wheel (zoom about the cursor; non-passive, so the page does not
   * scroll). Returns what lets it go.
   */
  attach(canvas: HTMLCanvasElement): () => void {
    this.canvas = canvas;
    const { pointers } = this;
    const observer = new ResizeObserver(() => {
      const { map } = this;
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      if (width === 0 || height === 0 || !map) return;
      canvas.width = Math.round(width * devicePixelRatio);
      canvas.height = Math.round(height * devicePixelRatio);
      const fit = fitBox(
        { x: 0, y: -STAGE_HEIGHT, width: map.width, height: map.height + STAGE_HEIGHT },
        width,
        height,
      );
      this.state = resizeView(this.state, width, height, fit);
      this.draw();
    });
    observer.observe(canvas);
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      this.events.moved();
      const factor = Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015));
      this.show(zoomView(this.state, factor, pointOf(event, canvas)));
    };
    const onDown = (event: PointerEvent) => {
      try {
        canvas.setPointerCapture(event.pointerId);
      } catch {
        // Synthetic or already-lifted pointers cannot be captured; dragging still works inside the canvas.
      }
      pointers.set(event.pointerId, pointOf(event, canvas));
      if (pointers.size === 1) this.movedPx = 0;
      this.events.moved();
    };
    const onMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      const point = pointOf(event, canvas);
      if (!previous) {
        const hit = levelOfDetail(this.state.view.scale) === 'blocks' ? null : this.hitAt(point);
        this.events.hover(hit?.kind === 'seat' ? { section: hit.section, index: hit.index } : null);
        return;
      }
      const [x, y] = point;
      if (pointers.size === 1) {
        const dx = x - previous[0];
        const dy = y - previous[1];
        this.movedPx += Math.abs(dx) + Math.abs(dy);
        this.show(panView(this.state, dx, dy));
      } else if (pointers.size === 2) {
        const [ox, oy] = [...pointers.values()].find((entry) => entry !== previous) ?? previous;
        const before = Math.hypot(previous[0] - ox, previous[1] - oy);
        this.movedPx += CLICK_SLOP_PX;
        if (before > 0) {
          const factor = Math.hypot(x - ox, y - oy) / before;
          this.show(zoomView(this.state, factor, [(x + ox) / 2, (y + oy) / 2]));
        }
      }
      pointers.set(event.pointerId, point);
    };
    const onUp = (event: PointerEvent) => {
      const wasTap = pointers.size === 1 && this.movedPx < CLICK_SLOP_PX;
      pointers.delete(event.pointerId);
      if (wasTap && this.map) this.events.tap(this.hitAt(pointOf(event, canvas)));
    };
    const onCancel = (event: PointerEvent) => pointers.delete(event.pointerId);
    const onLeave = () => this.events.hover(null);
    const listeners = [
      ['wheel', onWheel, { passive: false }],
      ['pointerdown', onDown],
      ['pointermove', onMove],
      ['pointerup', onUp],
      ['pointercancel', onCancel],
      ['pointerleave', onLeave],
    ] as const;
    for (const [type, listener, options] of listeners) {
      canvas.addEventListener(type, listener as EventListener, options);
    }
    this.requestDraw();
    return () => {
      observer.disconnect();
      for (const [type, listener] of listeners) canvas.removeEventListener(type, listener as EventListener);
      pointers.clear();
      if (this.canvas === canvas) this.canvas = null;
    };
  }
}
