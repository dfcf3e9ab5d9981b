/**
 * Seat-to-seat keyboard movement on the map and what a focused or hovered seat says, kept
 * pure over the layouts (no canvas, no DOM) so it is tested alone: the nearest seat in an
 * arrow's direction, the row's first and last seat, the view that shows a seat, and the
 * text of the tooltip and the announcement.
 */
import { formatCents } from '@plateia/core/format/money';
import type { SeatKind } from './seat-canvas.ts';
import {
  levelOfDetail,
  NUMBERS_MIN_PITCH_PX,
  type Point,
  SEAT_PITCH,
  type SectionLayout,
  type ViewState,
  viewRect,
  zoomView,
} from './seat-layout.ts';

/** A seat of the map: its section's index and its index in that section's layout. */
export interface SeatRef {
  section: number;
  index: number;
}

/** The keys that move the focused seat. */
export type FocusKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';

/** Unit direction of each arrow (venue y grows downwards, away from the stage). */
const DIRECTIONS: Record<string, Point> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Whether a key moves the focused seat. */
export function isFocusKey(key: string): key is FocusKey {
  return key in DIRECTIONS || key === 'Home' || key === 'End';
}

/** The row (index into `rowStart`/`rowLabels`) that seat `index` belongs to. */
export function rowOf(layout: SectionLayout, index: number): number {
  // The last row starting at or before the seat.
  let row = 0;
  while (row + 1 < layout.rowLabels.length && (layout.rowStart[row + 1] as number) <= index) row++;
  return row;
}

/** The loaded seat nearest to a venue point, or null when no section has its seats. */
export function nearestSeat(
  layouts: ReadonlyArray<SectionLayout | null | undefined>,
  [x, y]: Point,
): SeatRef | null {
  let best: SeatRef | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  layouts.forEach((layout, section) => {
    if (!layout) return;
    for (let index = 0; index < layout.ids.length; index++) {
      const distance = ((layout.xs[index] as number) - x) ** 2 + ((layout.ys[index] as number) - y) ** 2;
      if (distance < bestDistance) {
        best = { section, index };
        bestDistance = distance;
      }
    }
  });
  return best;
}

/**
 * The seat a key moves the focus to. Arrows go to the nearest seat in that direction, in
 * any loaded section: the cost is the distance along the arrow plus twice the distance
 * across it, so the next seat of the same row wins over a seat of the next row, and gaps
 * (aisles, missing seats, the space between sections) are jumped. At the edge (no seat that
 * way) the focus stays. Home and End go to the first and last seat of the seat's row.
 */
export function moveFocus(
  layouts: ReadonlyArray<SectionLayout | null | undefined>,
  from: SeatRef,
  key: FocusKey,
): SeatRef {
  const layout = layouts[from.section];
  if (!layout || from.index >= layout.ids.length) return from;
  if (key === 'Home' || key === 'End') {
    const row = rowOf(layout, from.index);
    const index =
      key === 'Home' ? (layout.rowStart[row] as number) : (layout.rowStart[row + 1] as number) - 1;
    return index === from.index ? from : { section: from.section, index };
  }
  const [ux, uy] = DIRECTIONS[key] as Point;
  const fx = layout.xs[from.index] as number;
  const fy = layout.ys[from.index] as number;
  // Seats less than a quarter pitch ahead are beside, not ahead (rows drawn slightly curved).
  const ahead = SEAT_PITCH / 4;
  let best = from;
  let bestCost = Number.POSITIVE_INFINITY;
  layouts.forEach((other, section) => {
    if (!other) return;
    for (let index = 0; index < other.ids.length; index++) {
      const dx = (other.xs[index] as number) - fx;
      const dy = (other.ys[index] as number) - fy;
      const along = dx * ux + dy * uy;
      if (along < ahead) continue;
      const cost = along + 2 * Math.abs(dx * uy - dy * ux);
      if (cost < bestCost) {
        best = { section, index };
        bestCost = cost;
      }
    }
  });
  return best;
}

/** Seat pitch on screen (CSS px) the view zooms to when the focused seat is too small to see. */
const FOCUS_PITCH_PX = NUMBERS_MIN_PITCH_PX + 2;

/**
 * The view that shows a venue point: zoomed in to seat numbers when the map shows blocks,
 * and centred on the point when it is outside the view (less a margin of two pitches).
 */
export function revealPoint(state: ViewState, [x, y]: Point): ViewState {
  let next = state;
  if (levelOfDetail(next.view.scale) === 'blocks') {
    next = zoomView(next, FOCUS_PITCH_PX / SEAT_PITCH / next.view.scale);
  }
  const [minX, minY, maxX, maxY] = viewRect(next.view, next.width, next.height);
  const margin = SEAT_PITCH * 2;
  if (x - margin >= minX && x + margin <= maxX && y - margin >= minY && y + margin <= maxY) return next;
  const { view } = next;
  // zoomView by 1 with the canvas centre re-clamps; the pan centres the point first.
  return zoomView(
    { ...next, view: { ...view, x: next.width / 2 - x * view.scale, y: next.height / 2 - y * view.scale } },
    1,
  );
}

/** How a seat's status is said after its place and price. Indexed by SeatKind. */
export const STATUS_WORDS = [
  'disponível',
  'no seu carrinho',
  'reservado',
  'vendido',
  'indisponível',
] as const;

/** What a seat is, in words: its section, its place, its price and its status. */
export interface SeatFacts {
  /** "Setor A". */
  section: string;
  /** "fileira C, assento 12", or "Mesa 3, lugar 2" at a table. */
  place: string;
  /**
   * "R$ 120,00", "R$ 90,00 por lugar" at a table, "a partir de R$ 90,00" while only the
   * section's lowest price is known, or '' when no price is known.
   */
  price: string;
  /** "disponível", "vendido", … */
  status: string;
}

/**
 * The facts of seat `index` of a layout. `priceCents` is what the chosen lot of its section
 * costs (per seat at a table), null when it is not known; `lowest` when it is only the
 * section's lowest price (its lots not read yet).
 */
export function seatFacts(
  layout: SectionLayout,
  index: number,
  priceCents: number | null,
  kind: SeatKind,
  lowest = false,
): SeatFacts {
  const table = layout.tables[layout.table[index] as number];
  const number = layout.numbers[index] ?? '';
  return {
    section: layout.section.name,
    place: table
      ? `${table.name}, lugar ${number}`
      : `fileira ${layout.rowLabels[rowOf(layout, index)] ?? ''}, assento ${number}`,
    price:
      priceCents === null
        ? ''
        : `${lowest ? 'a partir de ' : ''}${formatCents(priceCents)}${table ? ' por lugar' : ''}`,
    status: STATUS_WORDS[kind],
  };
}

/** The announcement of a focused seat: "Setor A, fileira C, assento 12, R$ 120,00, disponível". */
export function seatAnnouncement(facts: SeatFacts): string {
  return [facts.section, facts.place, facts.price, facts.status].filter(Boolean).join(', ');
}
