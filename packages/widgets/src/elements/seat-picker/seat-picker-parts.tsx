/**
 * The seat picker's parts around the seat flow: the map view (canvas, tooltip, zoom
 * controls, keyboard hint), the aside (legend, prices per section, the chosen seats with
 * their total) and the texts that name a seat or table line.
 */

import type { SeatMap, SectionPricing } from '@plateia/core/api/seat-map';
import { formatCents } from '@plateia/core/format/money';
import { formatCount } from '@plateia/core/format/numbers';
import { SEAT_PICKER_MESSAGES } from '@plateia/core/messages/seat-picker';
import { type CartItem, cartItemKey, type SeatDetails, ticketUnits } from '@plateia/core/rules/cart';
import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { priceFrom } from './seat-canvas.ts';
import { RESET, type ViewChange, ZOOM_IN, ZOOM_OUT } from './seat-layout.ts';
import { field, LEGEND } from './seat-list.tsx';
import type { SeatTip } from './use-seat-map.ts';

/** The map's text alternative, pointing to the list mode. */
export function mapDescription(seatCount: number): string {
  return `Mapa de assentos com ${formatCount(seatCount)} lugares. Para escolher pelo teclado ou com leitor de tela, use “${SEAT_PICKER_MESSAGES.showList}”.`;
}

/** "Assento A12, Plateia A" / "Mesa 3, Mesas do Foyer": how a seat or table line is named to a person. */
export function lineName(item: CartItem): string {
  // A line without its labels (the cart's shape allows it) is named by its numeration.
  const details: Partial<SeatDetails> = item.seatDetails ?? {};
  const { sectionName = '', rowName = '', seatNumber = String(item.numerationSelected ?? '') } = details;
  const place = item.seatInfo?.isTable ? seatNumber : `${SEAT_PICKER_MESSAGES.seat} ${rowName}${seatNumber}`;
  return `${place}, ${sectionName}`;
}

/** What a seat or table line costs: a table's lot is priced per seat. */
export function lineCents(item: CartItem): number {
  return item.tk_price * ticketUnits(item);
}

/**
 * The announcement after a line was added ("Assento A12, Plateia A, R$ 180,00 adicionado ao
 * carrinho") or removed ("Mesa 3, Mesas do Foyer removida do carrinho").
 */
export function lineMessage(item: CartItem, added: boolean): string {
  const table = item.seatInfo?.isTable;
  return added
    ? `${lineName(item)}, ${formatCents(lineCents(item))} ${table ? 'adicionada' : 'adicionado'} ao carrinho`
    : `${lineName(item)} ${table ? 'removida' : 'removido'} do carrinho`;
}

/** The zoom controls over the map: label (also the tooltip), symbol and what each does. */
const ZOOM_BUTTONS = [
  [SEAT_PICKER_MESSAGES.zoomIn, '+', ZOOM_IN],
  [SEAT_PICKER_MESSAGES.zoomOut, '−', ZOOM_OUT],
  [SEAT_PICKER_MESSAGES.reset, '⤢', RESET],
] as const;

interface SeatMapViewProps {
  map: SeatMap;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  hintId: string;
  tip: SeatTip | null;
  onKeyDown: (event: KeyboardEvent<HTMLCanvasElement>) => void;
  /** Hides the tooltip (the map lost focus). */
  onBlur: () => void;
  /** A zoom control was pressed. */
  onView: (change: ViewChange) => void;
}

/** The map: the canvas the controller draws on, the seat tooltip, the zoom controls and the keyboard hint. */
export function SeatMapView({
  map,
  canvasRef,
  hintId,
  tip,
  onKeyDown,
  onBlur,
  onView,
}: SeatMapViewProps): ReactNode {
  return (
    <div part="map">
      <div className="frame">
        <canvas
          ref={canvasRef}
          className="canvas"
          part="canvas"
          role="img"
          tabIndex={0}
          aria-label={mapDescription(map.seatCount)}
          aria-describedby={hintId}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        {tip ? (
          <div
            className={tip.y < 72 ? 'tooltip below' : 'tooltip'}
            part="tooltip"
            role="tooltip"
            style={{ left: tip.x, top: tip.y }}
          >
            <strong>{tip.facts.section}</strong>
            <span>{tip.facts.place}</span>
            <span>{[tip.facts.price, tip.facts.status].filter(Boolean).join(' · ')}</span>
          </div>
        ) : null}
        <div className="zoom" part="zoom-controls">
          {ZOOM_BUTTONS.map(([label, symbol, action]) => (
            <button key={label} type="button" aria-label={label} title={label} onClick={() => onView(action)}>
              {symbol}
            </button>
          ))}
        </div>
      </div>
      <p className="hint" id={hintId}>
        {SEAT_PICKER_MESSAGES.keyboardHint}
      </p>
    </div>
  );
}

interface SeatPickerAsideProps {
  map: SeatMap;
  /** This event's seat and table lines in the cart. */
  lines: CartItem[];
  onRemove: (item: CartItem) => void;
}

/** Beside the map: the legend, the prices per section and "Seus assentos" with the total. */
export function SeatPickerAside({ map, lines, onRemove }: SeatPickerAsideProps): ReactNode {
  return (
    <div className="aside">
      <div>
        <h3>{SEAT_PICKER_MESSAGES.legend}</h3>
        <ul part="legend">
          {LEGEND.map(([key, text]) => (
            <li key={key}>
              <span
                className={`swatch ${key}`}
                // Available seats take the first section's colour, the others their token
                // (`--_selected`, …; a table has none and shows only its ring).
                style={{ background: key === 'available' ? map.sections[0]?.color : `var(--_${key})` }}
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
              {section.priceFromCents !== null ? <span className="muted"> {priceFrom(section)}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="summary" part="summary">
        <h3>{SEAT_PICKER_MESSAGES.yourSeats}</h3>
        {lines.length === 0 ? <p className="muted">{SEAT_PICKER_MESSAGES.noSeats}</p> : null}
        <ul>
          {lines.map((item) => (
            <li key={cartItemKey(item)}>
              <span>
                {lineName(item)} <span className="muted">{formatCents(lineCents(item))}</span>
              </span>
              <button
                type="button"
                part="remove-button"
                aria-label={`${SEAT_PICKER_MESSAGES.remove} ${lineName(item)}`}
                onClick={() => onRemove(item)}
              >
                {SEAT_PICKER_MESSAGES.remove}
              </button>
            </li>
          ))}
        </ul>
        {lines.length > 0 ? (
          <p className="total">Total: {formatCents(lines.reduce((sum, item) => sum + lineCents(item), 0))}</p>
        ) : null}
      </div>
    </div>
  );
}

/** While the map loads: "Carregando…", or core's message with "Tentar novamente" after a failure. */
export function MapLoading({
  error,
  onRetry,
}: {
  error: string | null | undefined;
  onRetry: () => void;
}): ReactNode {
  return error ? (
    <div className="notice" role="alert">
      <p>{error}</p>
      <button type="button" onClick={onRetry}>
        {SEAT_PICKER_MESSAGES.retry}
      </button>
    </div>
  ) : (
    <p className="notice" role="status">
      {SEAT_PICKER_MESSAGES.loading}
    </p>
  );
}

interface LotFieldProps {
  section: SeatMap['sections'][number];
  /** The lots that sell the section. */
  lots: SectionPricing['ticketTypes'];
  chosen: number | undefined;
  onChoose: (lotId: number) => void;
}

/** "Tipo de ingresso (Setor)": the lot a section's seats are bought with (a table's priced per seat). */
export function LotField({ section, lots, chosen, onChoose }: LotFieldProps): ReactNode {
  return field(
    `${SEAT_PICKER_MESSAGES.ticketType} (${section.name})`,
    chosen,
    (value) => onChoose(Number(value)),
    null,
    lots.map((entry) => (
      <option key={entry.id} value={entry.id}>
        {entry.name} ({formatCents(entry.priceCents)}
        {section.kind === 'tables' ? ' por lugar' : ''})
      </option>
    )),
    'field lot',
  );
}
