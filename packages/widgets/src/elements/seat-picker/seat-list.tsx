/**
 * The seat picker's list mode, the accessible alternative to the map: native `<select>`s
 * for the section (with "a partir de"), the row, the seat (a table section: the table),
 * then the ticket type the picker passes in and "Adicionar ao carrinho". Seats that cannot
 * be taken stay listed but disabled, with their state in the name.
 */
import type { SeatMap } from '@plateia/core/api/seat-map';
import { SEAT_PICKER_MESSAGES } from '@plateia/core/messages/seat-picker';
import { type ReactNode, useState } from 'react';
import { priceFrom, SEAT_KIND, type SeatKind } from './seat-canvas.ts';
import type { SectionLayout } from './seat-layout.ts';

/** Legend entries, in order: status, label. The first five are the {@link SEAT_KIND}s, in their order. */
export const LEGEND = [
  ['available', 'Disponível'],
  ['selected', 'Selecionado'],
  ['held', 'Reservado'],
  ['sold', 'Vendido'],
  ['blocked', 'Indisponível'],
  ['table', 'Mesa'],
] as const;

/** What a list option adds to a seat or table that cannot be taken: " (Vendido)", " (no seu carrinho)". */
function statusSuffix(kind: SeatKind): string {
  if (kind === SEAT_KIND.available) return '';
  return ` (${kind === SEAT_KIND.selected ? 'no seu carrinho' : LEGEND[kind][1]})`;
}

/** The seat indexes of one row of a section's layout, in order. */
function rowSeatIndexes(layout: SectionLayout, row: number): number[] {
  const seats: number[] = [];
  for (let seat = layout.rowStart[row] ?? 0; seat < (layout.rowStart[row + 1] ?? 0); seat++) seats.push(seat);
  return seats;
}

/**
 * A labelled `<select>` of list mode. `prompt` is its first, empty option ("Escolha o
 * setor"); the ticket type has none, one of its lots is always chosen.
 */
export function field(
  label: string,
  value: string | number | undefined,
  onChange: (value: string) => void,
  prompt: string | null,
  options: ReactNode,
  className = 'field',
): ReactNode {
  return (
    <label className={className}>
      <span>{label}</span>
      <select part="select" value={value} onChange={(event) => onChange(event.target.value)}>
        {prompt === null ? null : <option value="">{prompt}</option>}
        {options}
      </select>
    </label>
  );
}

/** A list option for a seat or a table: disabled, with why, unless it can be taken. */
const placeOption = (key: number, value: number, text: string, kind: SeatKind) => (
  <option key={key} value={value} disabled={kind !== SEAT_KIND.available}>
    {text + statusSuffix(kind)}
  </option>
);

/** Props of {@link SeatList}. */
export interface SeatListProps {
  map: SeatMap;
  /** The chosen section's index, -1 for none, and its layout (null or undefined while it loads). */
  current: number;
  layout: SectionLayout | null | undefined;
  kindOf: (seatId: number) => SeatKind;
  /** The ticket type `<select>` of the chosen section, or nothing. */
  lotField: ReactNode;
  /** A hold is under way. */
  busy: boolean;
  onSection: (index: number) => void;
  /** A row was chosen: the ids of its seats, whose statuses the picker refreshes. */
  onRow: (seatIds: string[]) => void;
  /** "Adicionar ao carrinho" with the chosen seat's (or table's) index in the layout. */
  onAdd: (index: number) => void;
}

/** The list mode; its row and seat choice belong to the section they were made in. */
export function SeatList({
  map,
  current,
  layout,
  kindOf,
  lotField,
  busy,
  onSection,
  onRow,
  onAdd,
}: SeatListProps): ReactNode {
  const [choice, setChoice] = useState({ section: -1, row: '', seat: '' });
  // Another section (chosen here or on the map) starts with no row and no seat.
  const { row, seat } = choice.section === current ? choice : { row: '', seat: '' };
  const rowIndex = row === '' ? -1 : Number(row);
  const currentSection = map.sections[current];
  const isTables = currentSection?.kind === 'tables';
  return (
    <div className="list" part="list">
      {field(
        SEAT_PICKER_MESSAGES.section,
        current < 0 ? '' : current,
        (value) => onSection(value === '' ? -1 : Number(value)),
        SEAT_PICKER_MESSAGES.chooseSection,
        map.sections.map((section, index) => (
          <option key={section.id} value={index}>
            {section.name}
            {section.priceFromCents !== null ? ` (${priceFrom(section)})` : ''}
          </option>
        )),
      )}
      {currentSection && !layout ? <p className="notice">{SEAT_PICKER_MESSAGES.loading}</p> : null}
      {layout && !isTables
        ? field(
            SEAT_PICKER_MESSAGES.row,
            row,
            (value) => {
              setChoice({ section: current, row: value, seat: '' });
              if (value === '') return;
              onRow(rowSeatIndexes(layout, Number(value)).map((index) => String(layout.ids[index])));
            },
            SEAT_PICKER_MESSAGES.chooseRow,
            layout.rowLabels.map((label, index) => (
              <option key={label} value={index}>
                {SEAT_PICKER_MESSAGES.row} {label}
              </option>
            )),
          )
        : null}
      {layout && (isTables || rowIndex >= 0)
        ? field(
            isTables ? SEAT_PICKER_MESSAGES.table : SEAT_PICKER_MESSAGES.seat,
            seat,
            (value) => setChoice({ section: current, row, seat: value }),
            isTables ? SEAT_PICKER_MESSAGES.chooseTable : SEAT_PICKER_MESSAGES.chooseSeat,
            isTables
              ? layout.tables.map((table, index) =>
                  placeOption(
                    table.id,
                    index,
                    `${table.name}, ${table.seatIds.length} lugares`,
                    // A table is as free as its least free seat.
                    table.seatIds.map(kindOf).find((kind) => kind !== SEAT_KIND.available) ??
                      SEAT_KIND.available,
                  ),
                )
              : rowSeatIndexes(layout, rowIndex).map((index) =>
                  placeOption(
                    index,
                    index,
                    `${SEAT_PICKER_MESSAGES.seat} ${layout.rowLabels[rowIndex]}${layout.numbers[index]}`,
                    kindOf(layout.ids[index] as number),
                  ),
                ),
          )
        : null}
      {lotField}
      <button
        type="button"
        className="primary"
        part="add-button"
        disabled={busy || seat === ''}
        // Enabled only once a seat or table is chosen, so a section is too.
        onClick={() => onAdd(Number(seat))}
      >
        {busy ? SEAT_PICKER_MESSAGES.holding : SEAT_PICKER_MESSAGES.add}
      </button>
    </div>
  );
}
