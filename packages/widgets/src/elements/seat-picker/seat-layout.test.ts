import type { SeatSection } from '@plateia/core/api/seat-map';
import { describe, expect, it } from 'vitest';
import {
  buildSectionLayout,
  fitBox,
  focusView,
  forEachSeatIn,
  hitTest,
  levelOfDetail,
  MAX_SCALE,
  panView,
  type Rect,
  resizeView,
  type SectionLayout,
  sectionInRect,
  VIEW_KEYS,
  type ViewState,
  viewRect,
  zoomView,
} from './seat-layout.ts';

/** A section of `rows` × `perRow` seats 10 units apart, ids from `firstId`, like the API host lays them out. */
function gridSection(
  id: number,
  x: number,
  y: number,
  rows: number,
  perRow: number,
  firstId = 1,
): SeatSection {
  return {
    id,
    name: `Setor ${id}`,
    kind: 'seats',
    color: '#7c3aed',
    x,
    y,
    width: perRow * 10,
    height: rows * 10,
    seatCount: rows * perRow,
    ticketTypeIds: [id * 10],
    priceFromCents: 9000,
    submap: `/seat/maps/1/submap/${id}`,
    tables: null,
    rows: Array.from({ length: rows }, (_, r) => ({
      label: String.fromCharCode(65 + (r % 26)),
      ids: Array.from({ length: perRow }, (_, k) => firstId + r * perRow + k),
      x: Array.from({ length: perRow }, (_, k) => x + 5 + k * 10),
      y: Array.from({ length: perRow }, () => y + 5 + r * 10),
      n: Array.from({ length: perRow }, (_, k) => String(k + 1)),
    })),
  };
}

const tableSection: SeatSection = {
  ...gridSection(9, 700, 0, 0, 0),
  kind: 'tables',
  width: 100,
  height: 60,
  rows: [{ label: 'Mesa 1', ids: [901, 902], x: [730, 750], y: [30, 30], n: ['1', '2'] }],
  tables: [{ id: 1, name: 'Mesa 1', x: 740, y: 30, radius: 12, seatIds: [901, 902] }],
};

describe('section layout and spatial index', () => {
  it('copies the columnar rows into typed arrays with row and table of each seat', () => {
    const layout = buildSectionLayout(gridSection(1, 0, 40, 3, 4));
    expect(layout.ids.length).toBe(12);
    expect([...layout.ids.slice(4, 8)]).toEqual([5, 6, 7, 8]);
    expect(layout.rowLabels).toEqual(['A', 'B', 'C']);
    expect([...layout.rowStart]).toEqual([0, 4, 8, 12]);
    expect(layout.numbers[7]).toBe('4');
    expect(layout.table[0]).toBe(-1);
    expect(buildSectionLayout(tableSection).table[1]).toBe(0);
  });

  it('finds exactly the seats of the cells a rectangle touches, and never misses one inside it', () => {
    const layout = buildSectionLayout(gridSection(1, 0, 40, 50, 100));
    const rect = [200, 300, 260, 330] as const;
    const found = new Set<number>();
    forEachSeatIn(layout, rect, (seat) => found.add(seat));
    const inside = [...Array(layout.ids.length).keys()].filter(
      (seat) =>
        (layout.xs[seat] as number) >= rect[0] &&
        (layout.xs[seat] as number) <= rect[2] &&
        (layout.ys[seat] as number) >= rect[1] &&
        (layout.ys[seat] as number) <= rect[3],
    );
    expect(inside.length).toBeGreaterThan(0);
    for (const seat of inside) expect(found.has(seat)).toBe(true);
    // Culling: a small window visits a small share of a 5,000-seat section.
    expect(found.size).toBeLessThan(layout.ids.length / 20);
  });
});

describe('hit testing', () => {
  const map = {
    sections: [gridSection(1, 0, 40, 20, 30), gridSection(2, 320, 40, 20, 30, 1000), tableSection],
  };
  const layouts: Array<SectionLayout | undefined> = [
    buildSectionLayout(map.sections[0] as SeatSection),
    undefined,
    buildSectionLayout(tableSection),
  ];

  it('picks the nearest seat within the radius', () => {
    // Seat B3 sits at (25, 55).
    expect(hitTest(map, layouts, 27, 54)).toEqual({ kind: 'seat', section: 0, index: 32 });
    expect(layouts[0]?.ids[32]).toBe(33);
  });

  it('answers the table for a seat at a table or a point inside the table', () => {
    expect(hitTest(map, layouts, 731, 31)).toEqual({ kind: 'table', section: 2, index: 0 });
    expect(hitTest(map, layouts, 740, 38)).toEqual({ kind: 'table', section: 2, index: 0 });
  });

  it('answers the section when its seats are not loaded, and nothing outside every section', () => {
    expect(hitTest(map, layouts, 400, 100)).toEqual({ kind: 'section', section: 1 });
    expect(hitTest(map, layouts, 310, 20)).toBeNull();
  });
});

describe('level of detail and culling', () => {
  it('draws blocks when zoomed out, dots in between and numbers only at high zoom', () => {
    expect(levelOfDetail(0.19)).toBe('blocks');
    expect(levelOfDetail(0.5)).toBe('dots');
    expect(levelOfDetail(1.7)).toBe('dots');
    expect(levelOfDetail(2)).toBe('numbers');
  });

  it('keeps only the sections inside the view', () => {
    const map = {
      sections: [
        gridSection(1, 0, 40, 50, 100),
        gridSection(2, 1040, 40, 50, 100),
        gridSection(3, 2080, 40, 50, 100),
      ],
    };
    const view = { scale: 1, x: -1100, y: 0 };
    expect(viewRect(view, 800, 600).map((value) => value + 0)).toEqual([1100, 0, 1900, 600]);
    const inView = (rect: Rect) => map.sections.map((section) => sectionInRect(section, rect));
    expect(inView(viewRect(view, 800, 600))).toEqual([false, true, false]);
    expect(inView(viewRect({ scale: 0.25, x: 0, y: 0 }, 800, 600))).toEqual([true, true, true]);
  });
});

describe('zoom and pan', () => {
  const fit = fitBox({ x: 0, y: 0, width: 1000, height: 500 }, 800, 400);
  const start: ViewState = { view: fit, width: 800, height: 400, fit };
  const key = (name: string, state: ViewState) => (VIEW_KEYS.get(name) ?? ((same) => same))(state);

  it('fits the map in the canvas, centred', () => {
    expect(fit.scale).toBeCloseTo(368 / 500);
    expect(fit.x).toBeCloseTo((800 - 1000 * fit.scale) / 2);
  });

  it('zooms about the point asked, keeping that venue point under it', () => {
    const next = zoomView(start, 2, [200, 100]);
    const before = [(200 - fit.x) / fit.scale, (100 - fit.y) / fit.scale];
    const after = [(200 - next.view.x) / next.view.scale, (100 - next.view.y) / next.view.scale];
    expect(next.view.scale).toBeCloseTo(fit.scale * 2);
    expect(after[0]).toBeCloseTo(before[0] as number);
    expect(after[1]).toBeCloseTo(before[1] as number);
  });

  it('maps + - 0 and the arrows, and clamps zoom and pan', () => {
    expect(VIEW_KEYS.get('x')).toBeUndefined();
    let state = key('+', start);
    expect(state.view.scale).toBeCloseTo(fit.scale * 1.5);
    expect(key('=', start)).toEqual(state);
    expect(key('-', state).view.scale).toBeCloseTo(fit.scale);
    const right = key('ArrowRight', state);
    expect(right.view.x).toBeCloseTo(state.view.x - 120);
    expect(right.view.y).toBe(state.view.y);
    expect(key('ArrowDown', state).view.y).toBeCloseTo(state.view.y - 60);
    for (let i = 0; i < 40; i++) state = zoomView(state, 1.5);
    expect(state.view.scale).toBe(MAX_SCALE);
    for (let i = 0; i < 100; i++) state = panView(state, 500, 0);
    expect(state.view.x).toBeLessThanOrEqual(400);
    for (let i = 0; i < 40; i++) state = zoomView(state, 0.5);
    expect(state.view.scale).toBeCloseTo(fit.scale * 0.8);
    expect(key('0', state).view).toEqual(fit);
  });

  it('focuses a section so it fills the canvas', () => {
    const focused = focusView(start, { x: 0, y: 0, width: 100, height: 50 });
    expect(focused.view.scale).toBeGreaterThan(fit.scale * 4);
    const [minX, , maxX] = viewRect(focused.view, 800, 400);
    expect(minX).toBeLessThanOrEqual(0);
    expect(maxX).toBeGreaterThanOrEqual(100);
  });

  it('refits on resize when the map was fitted', () => {
    const refit = fitBox({ x: 0, y: 0, width: 1000, height: 500 }, 400, 400);
    expect(resizeView(start, 400, 400, refit).view).toEqual(refit);
  });
});
