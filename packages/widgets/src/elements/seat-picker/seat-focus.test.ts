import type { SeatSection } from '@plateia/core/api/seat-map';
import { formatCents } from '@plateia/core/format/money';
import { describe, expect, it } from 'vitest';
import { SEAT_KIND } from './seat-canvas.ts';
import { moveFocus, nearestSeat, revealPoint, seatAnnouncement, seatFacts } from './seat-focus.ts';
import { buildSectionLayout, fitBox, levelOfDetail, type ViewState, viewRect } from './seat-layout.ts';

/** A section whose rows are given as seat numbers per row (null: a gap), seats 10 units apart. */
function section(id: number, x: number, y: number, rows: Array<Array<number | null>>): SeatSection {
  let nextId = id * 1000;
  const width = Math.max(...rows.map((row) => row.length)) * 10;
  return {
    id,
    name: `Setor ${String.fromCharCode(64 + id)}`,
    kind: 'seats',
    color: '#7c3aed',
    x,
    y,
    width,
    height: rows.length * 10,
    seatCount: 0,
    ticketTypeIds: [],
    priceFromCents: 12000,
    submap: '',
    tables: null,
    rows: rows.map((row, r) => {
      const slots = row.flatMap((n, k) => (n === null ? [] : [{ n, k }]));
      return {
        label: String.fromCharCode(65 + r),
        ids: slots.map(() => nextId++),
        x: slots.map(({ k }) => x + 5 + k * 10),
        y: slots.map(() => y + 5 + r * 10),
        n: slots.map(({ n }) => String(n)),
      };
    }),
  };
}

// Setor A: row A 1..5; row B 1, 2, aisle, 4, 5; row C 1..3. Setor B right of it after a gap.
const a = buildSectionLayout(
  section(1, 0, 0, [
    [1, 2, 3, 4, 5],
    [1, 2, null, 4, 5],
    [1, 2, 3],
  ]),
);
const b = buildSectionLayout(section(2, 100, 0, [[1, 2]]));
const layouts = [a, b];
/** The seat numbered `n` in row `row` of a layout, as a reference. */
const seat = (sectionIndex: number, row: number, n: number) => {
  const layout = layouts[sectionIndex] as typeof a;
  for (let index = layout.rowStart[row] as number; index < (layout.rowStart[row + 1] as number); index++) {
    if (layout.numbers[index] === String(n)) return { section: sectionIndex, index };
  }
  throw new Error('no such seat');
};

describe('moveFocus', () => {
  it('moves to the neighbouring seat of the same row left and right', () => {
    expect(moveFocus(layouts, seat(0, 0, 3), 'ArrowRight')).toEqual(seat(0, 0, 4));
    expect(moveFocus(layouts, seat(0, 0, 3), 'ArrowLeft')).toEqual(seat(0, 0, 2));
  });

  it('moves to the seat straight above or below in the next row', () => {
    expect(moveFocus(layouts, seat(0, 0, 2), 'ArrowDown')).toEqual(seat(0, 1, 2));
    expect(moveFocus(layouts, seat(0, 1, 4), 'ArrowUp')).toEqual(seat(0, 0, 4));
  });

  it('jumps the aisle of a row and the gap between sections', () => {
    expect(moveFocus(layouts, seat(0, 1, 2), 'ArrowRight')).toEqual(seat(0, 1, 4));
    expect(moveFocus(layouts, seat(0, 0, 5), 'ArrowRight')).toEqual(seat(1, 0, 1));
    expect(moveFocus(layouts, seat(1, 0, 1), 'ArrowLeft')).toEqual(seat(0, 0, 5));
  });

  it('down across an aisle goes on straight to the seat behind it', () => {
    // Row B has no seat 3: down from A3 is C3, straight on, rather than B2 or B4 aside.
    expect(moveFocus(layouts, seat(0, 0, 3), 'ArrowDown')).toEqual(seat(0, 2, 3));
    // Row C has no seat 4: down from B4 goes to the nearest seat of C, its seat 3.
    expect(moveFocus(layouts, seat(0, 1, 4), 'ArrowDown')).toEqual(seat(0, 2, 3));
  });

  it('stays put at the edge of the map', () => {
    expect(moveFocus(layouts, seat(0, 0, 1), 'ArrowLeft')).toEqual(seat(0, 0, 1));
    expect(moveFocus(layouts, seat(0, 0, 1), 'ArrowUp')).toEqual(seat(0, 0, 1));
    expect(moveFocus(layouts, seat(0, 2, 1), 'ArrowDown')).toEqual(seat(0, 2, 1));
    expect(moveFocus(layouts, seat(1, 0, 2), 'ArrowRight')).toEqual(seat(1, 0, 2));
  });

  it('Home and End go to the first and last seat of the row', () => {
    expect(moveFocus(layouts, seat(0, 1, 4), 'Home')).toEqual(seat(0, 1, 1));
    expect(moveFocus(layouts, seat(0, 1, 1), 'End')).toEqual(seat(0, 1, 5));
    expect(moveFocus(layouts, seat(0, 2, 2), 'End')).toEqual(seat(0, 2, 3));
  });

  it('skips sections whose seats are not loaded', () => {
    expect(moveFocus([a, null], seat(0, 0, 5), 'ArrowRight')).toEqual(seat(0, 0, 5));
  });
});

describe('nearestSeat', () => {
  it('is the loaded seat nearest to a point, null without seats', () => {
    expect(nearestSeat(layouts, [112, 6])).toEqual(seat(1, 0, 2));
    expect(nearestSeat([null, undefined], [0, 0])).toBeNull();
  });
});

describe('revealPoint', () => {
  const fit = fitBox({ x: 0, y: -40, width: 2000, height: 1040 }, 800, 500);
  const whole: ViewState = { view: fit, width: 800, height: 500, fit };

  it('zooms a map shown as blocks in to seats and centres the seat', () => {
    expect(levelOfDetail(whole.view.scale)).toBe('blocks');
    const shown = revealPoint(whole, [1500, 900]);
    expect(levelOfDetail(shown.view.scale)).toBe('numbers');
    const [minX, minY, maxX, maxY] = viewRect(shown.view, 800, 500);
    expect(1500).toBeGreaterThan(minX);
    expect(1500).toBeLessThan(maxX);
    expect(900).toBeGreaterThan(minY);
    expect(900).toBeLessThan(maxY);
  });

  it('leaves the view alone while the seat is well inside it', () => {
    const shown = revealPoint(whole, [1500, 900]);
    expect(revealPoint(shown, [1500, 900])).toBe(shown);
  });
});

describe('seat texts', () => {
  it('says section, row, seat, price and status', () => {
    const facts = seatFacts(a, seat(0, 2, 3).index, 12000, SEAT_KIND.available);
    expect(facts).toEqual({
      section: 'Setor A',
      place: 'fileira C, assento 3',
      price: formatCents(12000),
      status: 'disponível',
    });
    expect(seatAnnouncement(facts)).toBe(`Setor A, fileira C, assento 3, ${formatCents(12000)}, disponível`);
  });

  it('says why a seat cannot be taken, and leaves out an unknown price', () => {
    const facts = seatFacts(a, seat(0, 0, 1).index, null, SEAT_KIND.sold);
    expect(seatAnnouncement(facts)).toBe('Setor A, fileira A, assento 1, vendido');
  });

  it("says 'a partir de' while only the section's lowest price is known", () => {
    const facts = seatFacts(a, seat(0, 0, 2).index, 9000, SEAT_KIND.held, true);
    expect(seatAnnouncement(facts)).toBe(
      `Setor A, fileira A, assento 2, a partir de ${formatCents(9000)}, reservado`,
    );
  });
});
