/**
 * Draws the seat map on a 2D canvas. One call paints one frame: only sections and seats
 * inside the view (culled through each section's grid), sections as blocks when zoomed
 * out, seats as dots (squares while they are tiny, batched into one path per colour) and
 * their numbers only at high zoom.
 */
import type { SeatMap, SeatSection } from '@plateia/core/api/seat-map';
import { formatCents } from '@plateia/core/format/money';
import {
  forEachSeatIn,
  levelOfDetail,
  SEAT_PITCH,
  type SectionLayout,
  sectionInRect,
  type ViewState,
  viewRect,
} from './seat-layout.ts';

/** How a seat is drawn: free, in this cart, held by someone else, sold, or not on sale. */
export type SeatKind = 0 | 1 | 2 | 3 | 4;
/** {@link SeatKind} values by name. */
export const SEAT_KIND = { available: 0, selected: 1, held: 2, sold: 3, blocked: 4 } as const;

/**
 * Colours and font the canvas uses, read from the element's theme tokens (`--_bg` is
 * `--plateia-bg` or its default, and so on); `fg` also draws the labels.
 */
export interface MapColors {
  bg: string;
  fg: string;
  muted: string;
  selected: string;
  held: string;
  sold: string;
  blocked: string;
  font: string;
}

/** Everything one frame needs (the picker passes its live state as it is). */
export interface DrawInput {
  map: SeatMap;
  layouts: ReadonlyArray<SectionLayout | null | undefined>;
  /** The view, and the canvas size in CSS px. */
  state: Pick<ViewState, 'view' | 'width' | 'height'>;
  colors: MapColors;
  kindOf: (seatId: number) => SeatKind;
  /** The seat the keyboard is on (section index, seat index), ringed when seats are drawn. */
  focus?: { section: number; index: number } | null;
}

const TAU = 2 * Math.PI;

// The seats in view by kind (indexed by SeatKind): each kind is painted as one path.
// Reused between frames.
const buckets: number[][] = [[], [], [], [], []];

/** "a partir de R$ 90,00": a section's lowest price, or '' when it has none. */
export function priceFrom({ priceFromCents }: Pick<SeatSection, 'priceFromCents'>): string {
  return priceFromCents === null ? '' : `a partir de ${formatCents(priceFromCents)}`;
}

/** A section's block label: its lines (name first) and the name's font size, in venue units. */
export interface BlockLabel {
  lines: string[];
  size: number;
}

/** The smallest label worth drawing, in CSS px: below it a block goes unlabelled. */
const MIN_LABEL_PX = 8;
/** The price lines are this much smaller than the name. */
const PRICE_SCALE = 0.8;
/** Line height, as a multiple of each line's font size. */
const LINE_HEIGHT = 1.25;

/**
 * How a section drawn as a block is labelled without covering its neighbours: its name and
 * "a partir de R$ 90,00" on one line, or the price split over two ("a partir de" / "R$ 90,00"),
 * or the name alone, in that order of preference; each shrunk to fit inside the block (90% of
 * its width and height) from at most 14 CSS px, and given up below {@link MIN_LABEL_PX}.
 * `measure(text, size)` is the text's width at that font size; `px` is one CSS px in venue
 * units. Null when not even the name fits.
 */
export function fitBlockLabel(
  section: Pick<SeatSection, 'name' | 'width' | 'height' | 'priceFromCents'>,
  px: number,
  measure: (text: string, size: number) => number,
): BlockLabel | null {
  const price = priceFrom(section);
  const split = price.replace(/^a partir de /, '');
  const choices = [[section.name, price], [section.name, 'a partir de', split], [section.name]].filter(
    (lines) => lines.every(Boolean),
  );
  const largest = Math.min(14 * px, section.height / 5);
  for (const lines of choices) {
    // Text widths grow with the font size: measure once at the largest size and scale.
    const widest = Math.max(...lines.map((line, i) => measure(line, largest * (i ? PRICE_SCALE : 1))));
    const tall = lines.reduce((sum, _, i) => sum + LINE_HEIGHT * (i ? PRICE_SCALE : 1), 0);
    const size = Math.min(largest, (largest * section.width * 0.9) / widest, (section.height * 0.9) / tall);
    if (size >= MIN_LABEL_PX * px) return { lines, size };
  }
  return null;
}

/**
 * Paints one frame on a canvas of `pixelRatio` device pixels per CSS px. Returns the indexes
 * of the sections in view that it drew as blocks for want of their seats (a large map's
 * sections until their rows are fetched).
 */
export function drawSeatMap(ctx: CanvasRenderingContext2D, input: DrawInput, pixelRatio: number): number[] {
  const { map, layouts, colors, kindOf } = input;
  const unloaded: number[] = [];
  const { view, width, height } = input.state;
  ctx.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  ctx.fillStyle = colors.bg;
  ctx.fillRect(0, 0, width, height);
  ctx.setTransform(
    pixelRatio * view.scale,
    0,
    0,
    pixelRatio * view.scale,
    pixelRatio * view.x,
    pixelRatio * view.y,
  );
  // Every text is centred on its point.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const rect = viewRect(view, width, height);
  const level = levelOfDetail(view.scale);
  const px = 1 / view.scale;
  const radius = SEAT_PITCH * 0.38;
  /** A label in the text colour, `size` venue units high. */
  const label = (text: string, x: number, y: number, size: number) => {
    ctx.font = `600 ${size}px ${colors.font}`;
    ctx.fillStyle = colors.fg;
    ctx.fillText(text, x, y);
  };
  const measure = (text: string, size: number) => {
    ctx.font = `600 ${size}px ${colors.font}`;
    return ctx.measureText(text).width;
  };
  /** A block's name and lowest price, centred in it and fitted inside it (or left out). */
  const blockLabel = (section: SeatSection) => {
    const fitted = fitBlockLabel(section, px, measure);
    if (!fitted) return;
    const sizes = fitted.lines.map((_, i) => fitted.size * (i ? PRICE_SCALE : 1));
    let y = section.y + section.height / 2 - sizes.reduce((sum, size) => sum + size * LINE_HEIGHT, 0) / 2;
    fitted.lines.forEach((line, i) => {
      const size = sizes[i] as number;
      label(line, section.x + section.width / 2, y + (size * LINE_HEIGHT) / 2, size);
      y += size * LINE_HEIGHT;
    });
  };
  /** A translucent box: the stage, or a section drawn as a block. */
  const box = (color: string, alpha: number, x: number, y: number, w: number, h: number) => {
    ctx.fillStyle = color;
    ctx.globalAlpha = alpha;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
  };

  // The stage sits above y = 0.
  box(colors.muted, 0.35, map.width * 0.2, -30, map.width * 0.6, 22);
  label('PALCO', map.width / 2, -19, 12 * px);

  map.sections.forEach((section, index) => {
    if (!sectionInRect(section, rect)) return;
    const layout = layouts[index];
    if (!layout) unloaded.push(index);
    if (level === 'blocks' || !layout) {
      box(section.color, 0.55, section.x, section.y, section.width, section.height);
      blockLabel(section);
      return;
    }
    const { xs, ys, ids } = layout;
    // Tables first, under their seats.
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = section.color;
    for (const table of layout.tables) {
      ctx.beginPath();
      ctx.arc(table.x, table.y, table.radius * 0.7, 0, TAU);
      ctx.stroke();
    }
    for (const seats of buckets) seats.length = 0;
    forEachSeatIn(layout, rect, (seat) => (buckets[kindOf(ids[seat] as number)] as number[]).push(seat));
    // In SEAT_KIND order; tiny seats are squares, cheaper than circles.
    const fills = [section.color, colors.selected, colors.held, colors.sold, colors.blocked];
    const tiny = SEAT_PITCH * view.scale < 8;
    buckets.forEach((seats, kind) => {
      if (seats.length === 0) return;
      ctx.fillStyle = fills[kind] as string;
      ctx.beginPath();
      for (const seat of seats) {
        const x = xs[seat] as number;
        const y = ys[seat] as number;
        if (tiny) {
          ctx.rect(x - radius, y - radius, radius * 2, radius * 2);
        } else {
          ctx.moveTo(x + radius, y);
          ctx.arc(x, y, radius, 0, TAU);
        }
      }
      ctx.fill();
    });
    if (level !== 'numbers') return;
    ctx.font = `600 ${SEAT_PITCH * 0.42}px ${colors.font}`;
    ctx.fillStyle = colors.bg;
    forEachSeatIn(layout, rect, (seat) => {
      ctx.fillText(layout.numbers[seat] as string, xs[seat] as number, (ys[seat] as number) + 0.3);
    });
    // Row labels left of each row's first seat.
    ctx.fillStyle = colors.muted;
    layout.rowLabels.forEach((text, r) => {
      const first = layout.rowStart[r] as number;
      const y = ys[first];
      // A row without seats at the end has no first seat; seats at tables have no row label.
      if (y === undefined || (layout.table[first] as number) >= 0 || y < rect[1] || y > rect[3]) return;
      // In the gap left of the section, so it never covers the row's first seat.
      ctx.fillText(text, (xs[first] as number) - SEAT_PITCH, y);
    });
    for (const table of layout.tables) label(table.name, table.x, table.y, SEAT_PITCH * 0.36);
  });
  // The keyboard's seat: a ring in the text colour around it, two CSS px wide.
  const focused = input.focus && layouts[input.focus.section];
  if (input.focus && focused && level !== 'blocks') {
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = colors.fg;
    ctx.beginPath();
    ctx.arc(
      focused.xs[input.focus.index] as number,
      focused.ys[input.focus.index] as number,
      radius + 3 * px,
      0,
      TAU,
    );
    ctx.stroke();
  }
  return unloaded;
}
