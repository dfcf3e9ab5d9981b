/**
 * The seat picker's geometry, kept pure so it is tested without a canvas: seat maps copied
 * into typed arrays per section, a uniform-grid spatial index for culling and hit testing,
 * the level-of-detail choice, and the viewport (zoom and pan) with what its keys do.
 * Coordinates are venue units (the API's map format); the screen point of a venue point is
 * `venue * scale + offset`.
 */
import type { SeatMap, SeatSection, SeatTable } from '@plateia/core/api/seat-map';

/** Distance between neighbouring seats in venue units (the API host lays seats out 10 apart). */
export const SEAT_PITCH = 10;

/** How much of a section is drawn: a block, seats as dots, or dots with their numbers. */
export type DetailLevel = 'blocks' | 'dots' | 'numbers';

/** Seat pitch on screen (CSS px) below which sections are drawn as blocks. */
export const DOTS_MIN_PITCH_PX = 4;
/** Seat pitch on screen (CSS px) from which seat numbers are printed. */
export const NUMBERS_MIN_PITCH_PX = 18;

/** The level of detail for a zoom scale (screen px per venue unit). */
export function levelOfDetail(scale: number): DetailLevel {
  const pitch = SEAT_PITCH * scale;
  if (pitch < DOTS_MIN_PITCH_PX) return 'blocks';
  return pitch < NUMBERS_MIN_PITCH_PX ? 'dots' : 'numbers';
}

/**
 * A uniform grid over a section, cells of GRID_CELL venue units from its top-left corner:
 * `items[start[c] .. start[c + 1])` are the seats of cell c.
 */
export interface SeatGrid {
  cols: number;
  rows: number;
  start: Uint32Array;
  items: Uint32Array;
}

/** One section's seats as parallel typed arrays, plus its grid. Seat i is `ids[i]` at `(xs[i], ys[i])`. */
export interface SectionLayout {
  section: SeatSection;
  xs: Float32Array;
  ys: Float32Array;
  ids: Int32Array;
  /** Index into `tables` of each seat, -1 when the seat is not at a table. */
  table: Int16Array;
  rowLabels: string[];
  /** First seat index of each row, and one past the last seat of the last row. */
  rowStart: Uint32Array;
  numbers: string[];
  tables: SeatTable[];
  grid: SeatGrid;
}

const GRID_CELL = SEAT_PITCH * 4;

/** The column (or row) of the grid cells, `count` long from `origin`, that holds `value`. */
function cellOf(value: number, origin: number, count: number): number {
  return Math.min(count - 1, Math.max(0, Math.floor((value - origin) / GRID_CELL)));
}

function buildGrid(section: SeatSection, xs: Float32Array, ys: Float32Array): SeatGrid {
  const cols = Math.ceil(section.width / GRID_CELL) + 1;
  const rows = Math.ceil(section.height / GRID_CELL) + 1;
  const cells = Uint32Array.from(
    xs,
    (x, i) => cellOf(ys[i] as number, section.y, rows) * cols + cellOf(x, section.x, cols),
  );
  // The seats sorted by cell (in seat order within a cell), and where each cell's run
  // starts: the sum of the counts of the cells before it.
  const items = Uint32Array.from(cells.keys()).sort((a, b) => (cells[a] as number) - (cells[b] as number));
  const start = new Uint32Array(cols * rows + 1);
  for (const cell of cells) start[cell + 1] = (start[cell + 1] as number) + 1;
  for (let c = 0; c < cols * rows; c++) start[c + 1] = (start[c + 1] as number) + (start[c] as number);
  return { cols, rows, start, items };
}

/**
 * Copies a section's rows (inline or from its submap) into a {@link SectionLayout}. The rows
 * are columnar, `ids`, `x`, `y` and `n` of the same length, so their concatenations line up.
 */
export function buildSectionLayout(section: SeatSection): SectionLayout {
  const rows = section.rows ?? [];
  const tables = section.tables ?? [];
  const ids = Int32Array.from(rows.flatMap((row) => row.ids));
  const xs = Float32Array.from(rows.flatMap((row) => row.x));
  const ys = Float32Array.from(rows.flatMap((row) => row.y));
  const tableOfSeat = new Map(tables.flatMap((entry, index) => entry.seatIds.map((id) => [id, index])));
  let start = 0;
  return {
    section,
    xs,
    ys,
    ids,
    table: Int16Array.from(ids, (id) => tableOfSeat.get(id) ?? -1),
    rowLabels: rows.map((row) => row.label),
    rowStart: Uint32Array.from([0, ...rows.map((row) => (start += row.ids.length))]),
    numbers: rows.flatMap((row) => row.n),
    tables,
    grid: buildGrid(section, xs, ys),
  };
}

/** A rectangle in venue units: `[minX, minY, maxX, maxY]`. */
export type Rect = readonly [number, number, number, number];

/** A box in venue units: a section's, or the map's with its stage. */
export type Box = Pick<SeatSection, 'x' | 'y' | 'width' | 'height'>;

/** Calls `visit(i)` for every seat of the layout whose grid cell touches `rect` (a superset, cheap). */
export function forEachSeatIn(layout: SectionLayout, rect: Rect, visit: (seat: number) => void): void {
  const { grid, section } = layout;
  const c0 = cellOf(rect[0], section.x, grid.cols);
  const c1 = cellOf(rect[2], section.x, grid.cols);
  const r1 = cellOf(rect[3], section.y, grid.rows);
  // The cells c0..c1 of one row of cells are neighbours in `items`: one run per row.
  for (let r = cellOf(rect[1], section.y, grid.rows); r <= r1; r++) {
    const end = grid.start[r * grid.cols + c1 + 1] as number;
    for (let k = grid.start[r * grid.cols + c0] as number; k < end; k++) visit(grid.items[k] as number);
  }
}

/** Whether a section's box meets a rectangle (culling at section level). */
export function sectionInRect(section: Box, rect: Rect): boolean {
  return (
    section.x <= rect[2] &&
    section.x + section.width >= rect[0] &&
    section.y <= rect[3] &&
    section.y + section.height >= rect[1]
  );
}

/** What a point on the map is: a seat, a table (its seats are sold together) or a section box. */
export type MapHit =
  | {
      kind: 'seat' | 'table';
      section: number /** The seat's or the table's index in the layout. */;
      index: number;
    }
  | { kind: 'section'; section: number };

/**
 * The seat, table or section under a venue point. Seats within `radius` venue units count
 * (the nearest wins); a seat at a table, or a point inside a table's circle, is the table.
 * Sections whose seats are not loaded answer as a section.
 */
export function hitTest(
  map: Pick<SeatMap, 'sections'>,
  layouts: ReadonlyArray<SectionLayout | null | undefined>,
  x: number,
  y: number,
  radius: number = SEAT_PITCH / 2,
): MapHit | null {
  const probe: Rect = [x - radius, y - radius, x + radius, y + radius];
  for (const [index, section] of map.sections.entries()) {
    if (!sectionInRect(section, probe)) continue;
    const layout = layouts[index];
    if (layout) {
      let best = -1;
      let bestDistance = radius * radius;
      forEachSeatIn(layout, probe, (seat) => {
        const distance = ((layout.xs[seat] as number) - x) ** 2 + ((layout.ys[seat] as number) - y) ** 2;
        if (distance <= bestDistance) {
          best = seat;
          bestDistance = distance;
        }
      });
      const table =
        best >= 0
          ? (layout.table[best] as number)
          : layout.tables.findIndex((entry) => (entry.x - x) ** 2 + (entry.y - y) ** 2 <= entry.radius ** 2);
      if (table >= 0) return { kind: 'table', section: index, index: table };
      if (best >= 0) return { kind: 'seat', section: index, index: best };
    }
    // A section without its seats answers for the whole probe; one with them, for a point inside.
    if (!layout || sectionInRect(section, [x, y, x, y])) return { kind: 'section', section: index };
  }
  return null;
}

/** Zoom and pan: a venue point p is drawn at `p * scale + (x, y)` CSS px. */
export interface Viewport {
  scale: number;
  x: number;
  y: number;
}

/** The viewport state zoom and pan work on: the view, the canvas size and the fitted view. */
export interface ViewState {
  view: Viewport;
  width: number;
  height: number;
  /**
   * The whole map fitted into the canvas (the reset target and the zoom-out limit); `view`
   * is this very object while the map is shown whole.
   */
  fit: Viewport;
}

/** Largest zoom: a seat pitch of 60 CSS px. */
export const MAX_SCALE = 60 / SEAT_PITCH;
/** Zoom step of the buttons and the +/- keys. */
export const ZOOM_STEP = 1.5;
/** Share of the canvas an arrow key pans. */
export const PAN_STEP = 0.15;

/** The view that shows a box centred in a canvas of the given size. */
export function fitBox(box: Box, width: number, height: number): Viewport {
  const margin = 16;
  // Boxes have a size; a canvas smaller than the margins still gets a positive scale.
  const scale = Math.max(
    1e-3,
    Math.min((width - 2 * margin) / box.width, (height - 2 * margin) / box.height),
  );
  return {
    scale,
    x: (width - (2 * box.x + box.width) * scale) / 2,
    y: (height - (2 * box.y + box.height) * scale) / 2,
  };
}

/** The venue rectangle a view shows in a canvas of the given size (what to draw). */
export function viewRect(view: Viewport, width: number, height: number): Rect {
  return [
    -view.x / view.scale,
    -view.y / view.scale,
    (width - view.x) / view.scale,
    (height - view.y) / view.scale,
  ];
}

/** A point on the canvas, CSS px. */
export type Point = readonly [number, number];

/**
 * The state showing `view` zoomed to `scale` about `at` (the canvas centre by default),
 * within the zoom limits, then moved so part of the map stays on screen.
 */
function show(
  state: ViewState,
  view: Viewport,
  wanted = view.scale,
  [ax, ay]: Point = [state.width / 2, state.height / 2],
): ViewState {
  const { fit } = state;
  const scale = Math.min(MAX_SCALE, Math.max(fit.scale * 0.8, wanted));
  const ratio = scale / view.scale;
  /**
   * The offset on one axis: the venue point under `at` stays there, and the map (its size
   * at this scale from the fitted view, which centres it) still reaches the canvas centre.
   */
  const offset = (size: number, fitOffset: number, at: number, from: number) =>
    Math.min(
      size / 2,
      Math.max(size / 2 - ((size - 2 * fitOffset) / fit.scale) * scale, at - (at - from) * ratio),
    );
  return {
    ...state,
    view: { scale, x: offset(state.width, fit.x, ax, view.x), y: offset(state.height, fit.y, ay, view.y) },
  };
}

/** Zooms by `factor` about `at` (the canvas centre by default). */
export function zoomView(state: ViewState, factor: number, at?: Point): ViewState {
  return show(state, state.view, state.view.scale * factor, at);
}

/** Moves the map by `dx`, `dy` CSS px. */
export function panView(state: ViewState, dx: number, dy: number): ViewState {
  const { view } = state;
  return show(state, { ...view, x: view.x + dx, y: view.y + dy });
}

/** Shows a box (a section) as large as the canvas allows. */
export function focusView(state: ViewState, box: Box): ViewState {
  return show(state, fitBox(box, state.width, state.height));
}

/** A new canvas size and the map fitted into it. */
export function resizeView(state: ViewState, width: number, height: number, fit: Viewport): ViewState {
  const resized = { ...state, width, height, fit };
  // A first size, or a map shown whole (reset or fitted before), shows the whole map again.
  return state.view === state.fit || state.width === 0
    ? { ...resized, view: fit }
    : show(resized, state.view);
}

/** A change of view that a key or a zoom button asks for. */
export type ViewChange = (state: ViewState) => ViewState;

export const ZOOM_IN: ViewChange = (state) => zoomView(state, ZOOM_STEP);
export const ZOOM_OUT: ViewChange = (state) => zoomView(state, 1 / ZOOM_STEP);
export const RESET: ViewChange = (state) => ({ ...state, view: state.fit });

/** Pans by a share of the canvas's width and height. */
const pan =
  (shareX: number, shareY: number): ViewChange =>
  (state) =>
    panView(state, shareX * state.width, shareY * state.height);

/** What each key does: `+`/`=` and `-` zoom, `0` shows the whole map, the arrows pan. */
export const VIEW_KEYS = new Map<string, ViewChange>([
  ['+', ZOOM_IN],
  ['=', ZOOM_IN],
  ['-', ZOOM_OUT],
  ['_', ZOOM_OUT],
  ['0', RESET],
  ['ArrowLeft', pan(PAN_STEP, 0)],
  ['ArrowRight', pan(-PAN_STEP, 0)],
  ['ArrowUp', pan(0, PAN_STEP)],
  ['ArrowDown', pan(0, -PAN_STEP)],
]);
