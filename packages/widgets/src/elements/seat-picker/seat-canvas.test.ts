import type { SeatMap } from '@plateia/core/api/seat-map';
import { describe, expect, it } from 'vitest';
import { drawSeatMap, fitBlockLabel, type MapColors, SEAT_KIND } from './seat-canvas.ts';
import { buildSectionLayout } from './seat-layout.ts';

const colors: MapColors = {
  bg: 'bg',
  fg: 'fg',
  muted: 'muted',
  selected: 'selected',
  held: 'held',
  sold: 'sold',
  blocked: 'blocked',
  font: 'sans-serif',
};

/** Text width as the stand-in context measures it: 0.55 of the font size per character. */
const measure = (text: string, size: number) => text.length * size * 0.55;

/** A recording stand-in for the 2D context: which shapes each `fill()` painted, and in which colour. */
function recordingContext() {
  const fills: Array<{ style: string; shapes: number }> = [];
  const texts: string[] = [];
  const strokes: Array<{ style: string; x: number; y: number }> = [];
  let shapes = 0;
  let lastArc = [Number.NaN, Number.NaN];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    globalAlpha: 1,
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform() {},
    fillRect() {},
    beginPath() {
      shapes = 0;
    },
    // Only shapes at real coordinates count: a lost seat index gives NaN.
    rect(x: number, y: number) {
      if (Number.isFinite(x) && Number.isFinite(y)) shapes++;
    },
    arc(x: number, y: number) {
      lastArc = [x, y];
      if (Number.isFinite(x) && Number.isFinite(y)) shapes++;
    },
    moveTo() {},
    fill() {
      fills.push({ style: ctx.fillStyle, shapes });
    },
    stroke() {
      strokes.push({ style: ctx.strokeStyle, x: lastArc[0] as number, y: lastArc[1] as number });
    },
    fillText(text: string) {
      texts.push(text);
    },
    // A glyph is 0.55 of the font size wide (roughly a sans-serif's average).
    measureText(text: string) {
      return { width: measure(text, Number.parseFloat(ctx.font.replace(/^600 /, ''))) };
    },
  };
  /** How many seats the frame painted: the shapes of all its fills. */
  const seats = () => fills.reduce((sum, fill) => sum + fill.shapes, 0);
  return { ctx: ctx as unknown as CanvasRenderingContext2D, fills, texts, seats, strokes };
}

function map(rows: number, perRow: number): SeatMap {
  const section = {
    id: 1,
    name: 'Plateia',
    kind: 'seats' as const,
    color: 'purple',
    x: 0,
    y: 40,
    width: perRow * 10,
    height: rows * 10,
    seatCount: rows * perRow,
    ticketTypeIds: [1],
    priceFromCents: 12000,
    submap: '/seat/maps/1/submap/1',
    tables: null,
    rows: Array.from({ length: rows }, (_, r) => ({
      label: `F${r}`,
      ids: Array.from({ length: perRow }, (_, k) => r * perRow + k + 1),
      x: Array.from({ length: perRow }, (_, k) => 5 + k * 10),
      y: Array.from({ length: perRow }, () => 45 + r * 10),
      n: Array.from({ length: perRow }, (_, k) => String(k + 1)),
    })),
  };
  return {
    eventId: 1,
    version: 0,
    width: section.width,
    height: 40 + section.height,
    seatCount: section.seatCount,
    inline: true,
    sections: [section],
  };
}

describe('drawSeatMap', () => {
  it('paints each seat once, in the colour of its status, one path per colour', () => {
    const venue = map(3, 10);
    const layouts = [buildSectionLayout(venue.sections[0] as SeatMap['sections'][number])];
    const { ctx, fills, seats } = recordingContext();
    const kinds: Record<number, number> = {
      2: SEAT_KIND.selected,
      3: SEAT_KIND.held,
      4: SEAT_KIND.sold,
      5: SEAT_KIND.sold,
    };
    drawSeatMap(
      ctx,
      {
        map: venue,
        layouts,
        state: { view: { scale: 1, x: 0, y: 0 }, width: 400, height: 200 },
        colors,
        kindOf: (id) => (kinds[id] ?? SEAT_KIND.available) as 0,
      },
      2,
    );
    expect(seats()).toBe(30);
    expect(fills).toEqual([
      { style: 'purple', shapes: 26 },
      { style: 'selected', shapes: 1 },
      { style: 'held', shapes: 1 },
      { style: 'sold', shapes: 2 },
    ]);
  });

  it('draws blocks with the section price when zoomed out, and seat numbers only when zoomed in', () => {
    const venue = map(3, 10);
    const layouts = [buildSectionLayout(venue.sections[0] as SeatMap['sections'][number])];
    /** One frame of the venue at a view and canvas size, recorded. */
    const frame = (view: { scale: number; x: number; y: number }, width: number, height: number) => {
      const recording = recordingContext();
      drawSeatMap(
        recording.ctx,
        { map: venue, layouts, state: { view, width, height }, colors, kindOf: () => 0 },
        1,
      );
      return recording;
    };
    const far = frame({ scale: 0.2, x: 0, y: 0 }, 400, 200);
    expect(far.seats()).toBe(0);
    // The block is 6 CSS px tall at this scale: too small for a legible label.
    expect(far.texts).not.toContain('Plateia');
    const large = map(30, 30);
    const block = recordingContext();
    drawSeatMap(
      block.ctx,
      {
        map: large,
        layouts: [],
        state: { view: { scale: 0.5, x: 0, y: 0 }, width: 400, height: 200 },
        colors,
        kindOf: () => 0,
      },
      1,
    );
    expect(block.texts).toEqual(['PALCO', 'Plateia', 'a partir de R$ 120,00']);
    const near = frame({ scale: 3, x: 0, y: -100 }, 300, 150);
    expect(near.texts).toContain('10');
    expect(near.texts).toContain('F0');
    const middle = frame({ scale: 1, x: 0, y: 0 }, 400, 200);
    expect(middle.texts).not.toContain('10');
  });

  it('answers the sections in view it could only draw as blocks, for want of their seats', () => {
    const venue = map(3, 10);
    const { ctx, seats } = recordingContext();
    const view = { scale: 1, x: 0, y: 0 };
    const kindOf = () => 0 as const;
    const unloaded = drawSeatMap(
      ctx,
      { map: venue, layouts: [], state: { view, width: 400, height: 200 }, colors, kindOf },
      1,
    );
    expect(unloaded).toEqual([0]);
    expect(seats()).toBe(0);
    const away = { scale: 1, x: -2000, y: 0 };
    expect(
      drawSeatMap(
        ctx,
        { map: venue, layouts: [], state: { view: away, width: 400, height: 200 }, colors, kindOf },
        1,
      ),
    ).toEqual([]);
    const layouts = [buildSectionLayout(venue.sections[0] as SeatMap['sections'][number])];
    expect(
      drawSeatMap(ctx, { map: venue, layouts, state: { view, width: 400, height: 200 }, colors, kindOf }, 1),
    ).toEqual([]);
  });

  it('culls seats outside the view', () => {
    const venue = map(50, 100);
    const layouts = [buildSectionLayout(venue.sections[0] as SeatMap['sections'][number])];
    const { ctx, seats } = recordingContext();
    drawSeatMap(
      ctx,
      {
        map: venue,
        layouts,
        state: { view: { scale: 2, x: -400, y: -400 }, width: 200, height: 100 },
        colors,
        kindOf: () => 0,
      },
      1,
    );
    expect(seats()).toBeGreaterThan(0);
    expect(seats()).toBeLessThan(400);
  });

  it('rings the keyboard focused seat in the text colour, only when seats are drawn', () => {
    const venue = map(3, 10);
    const layouts = [buildSectionLayout(venue.sections[0] as SeatMap['sections'][number])];
    const frame = (scale: number) => {
      const { ctx, strokes } = recordingContext();
      drawSeatMap(
        ctx,
        {
          map: venue,
          layouts,
          state: { view: { scale, x: 0, y: 0 }, width: 400, height: 200 },
          colors,
          kindOf: () => SEAT_KIND.available,
          // Row F1, seat 4: at (35, 55).
          focus: { section: 0, index: 13 },
        },
        1,
      );
      return strokes.filter((stroke) => stroke.style === 'fg');
    };
    expect(frame(1)).toEqual([{ style: 'fg', x: 35, y: 55 }]);
    // Blocks (a pitch under 4 px): no seat to ring.
    expect(frame(0.2)).toEqual([]);
  });
});

describe('fitBlockLabel', () => {
  const section = (width: number, height: number) => ({
    name: 'Plateia A',
    width,
    height,
    priceFromCents: 9_000,
  });

  it('keeps the name and "a partir de" price on two lines when the block has room', () => {
    expect(fitBlockLabel(section(300, 300), 2, measure)).toEqual({
      lines: ['Plateia A', 'a partir de R$ 90,00'],
      size: 28,
    });
  });

  it('shrinks, splits the price, then drops it, rather than overflowing a narrow block', () => {
    // At 0.35 CSS px per venue unit (a theatre's sections on a 360 px phone).
    const px = 1 / 0.35;
    const shrunk = fitBlockLabel(section(300, 200), px, measure);
    expect(shrunk?.lines).toEqual(['Plateia A', 'a partir de R$ 90,00']);
    expect(shrunk?.size).toBeLessThan(14 * px);
    expect(fitBlockLabel(section(200, 200), px, measure)?.lines).toEqual([
      'Plateia A',
      'a partir de',
      'R$ 90,00',
    ]);
    expect(fitBlockLabel({ ...section(80, 200), name: 'Mesas' }, px, measure)?.lines).toEqual(['Mesas']);
    expect(fitBlockLabel(section(60, 200), px, measure)).toBeNull();
  });

  it('never draws a line wider than 90% of its block, nor below 8 CSS px', () => {
    for (const width of [80, 120, 200, 300, 600]) {
      for (const px of [0.5, 1, 2, 3]) {
        const fitted = fitBlockLabel(section(width, 300), px, measure);
        if (!fitted) continue;
        expect(fitted.size).toBeGreaterThanOrEqual(8 * px);
        fitted.lines.forEach((line, i) => {
          expect(measure(line, fitted.size * (i ? 0.8 : 1))).toBeLessThanOrEqual(width * 0.9 + 1e-9);
        });
      }
    }
  });
});
