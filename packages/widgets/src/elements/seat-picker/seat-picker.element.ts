import { defineElement, elementClass } from '../../shared/define-element.ts';
import { withTheme } from '../../shared/styles.ts';
import seatPickerCss from './seat-picker.css?inline';
import { SeatPicker, type SeatPickerProps } from './seat-picker.tsx';

/** Tag name of the seat picker element. */
export const SEAT_PICKER_TAG = 'plateia-seat-picker';

/**
 * The seat and table map of a seated event: live statuses, legend, prices per section,
 * zoom and pan by mouse, touch and keyboard, and a list mode ("Ver lista de assentos")
 * for keyboard and screen-reader use. Choosing a seat or table runs core's seat flow
 * (status check, cart check, 600 s hold) and adds it to the shared cart; choosing it
 * again, or "Remover", releases it. Results are announced in a live region. Scrolls into
 * view and takes focus when `plateia-seat-picker-open` with its event id is dispatched
 * on `document`.
 *
 * @tag plateia-seat-picker
 * @summary Seat and table map with hold on select.
 *
 * @attr {string} event-id - The event whose seat map is shown.
 *
 * @csspart base - The picker's wrapper `<section>`.
 * @csspart title - The "Escolha seus lugares" heading.
 * @csspart mode-toggle - "Ver lista de assentos" / "Ver mapa".
 * @csspart map - The map area (canvas, zoom buttons, hint).
 * @csspart canvas - The map `<canvas>`.
 * @csspart zoom-controls - The zoom in, zoom out and reset buttons.
 * @csspart tooltip - The hovered or keyboard-focused seat: section, row, seat, price and status.
 * @csspart list - The list mode form.
 * @csspart select - Every `<select>` (section, row, seat, table, ticket type).
 * @csspart add-button - "Adicionar ao carrinho" in list mode.
 * @csspart announcer - The polite live region with the last result.
 * @csspart legend - The status legend.
 * @csspart prices - Prices per section.
 * @csspart summary - The chosen seats with their "Remover" buttons.
 * @csspart remove-button - Each "Remover" button.
 *
 * @cssprop [--plateia-accent=#8b5cf6] - Accent: primary button, focus ring.
 * @cssprop [--plateia-accent-fg=#ffffff] - Text on the accent color.
 * @cssprop [--plateia-bg=#15151c] - Background of the picker and the map.
 * @cssprop [--plateia-surface=#1f1f29] - Buttons and selects.
 * @cssprop [--plateia-fg=#f4f4f6] - Text, map labels and the focused seat's ring.
 * @cssprop [--plateia-muted=#a1a1b0] - Hints, row labels, the stage.
 * @cssprop [--plateia-border=#34343f] - Borders.
 * @cssprop [--plateia-danger=#f87171] - Error announcements.
 * @cssprop [--plateia-radius=12px] - Corner radius.
 * @cssprop [--plateia-font=system-ui] - Font family (also on the canvas).
 * @cssprop [--plateia-seat-selected=#4ade80] - Seats in this cart ("Selecionado").
 * @cssprop [--plateia-seat-held=#60a5fa] - Seats held by someone else ("Reservado").
 * @cssprop [--plateia-seat-sold=#52525b] - Sold seats ("Vendido").
 * @cssprop [--plateia-seat-blocked=#2e2e36] - Seats not on sale ("Indisponível").
 * @cssprop [--plateia-seat-map-height=min(70vh, 32rem)] - Height of the map.
 */
export class PlateiaSeatPicker extends elementClass<Pick<SeatPickerProps, 'eventId'>>({
  component: SeatPicker,
  attributes: { eventId: 'string' },
  styles: [withTheme(seatPickerCss)],
}) {
  /** The event whose map is shown; mirrors `event-id`. */
  declare eventId: string | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    'plateia-seat-picker': PlateiaSeatPicker;
  }
}

/** Registers `<plateia-seat-picker>` (once; a no-op on the server). */
export function defineSeatPicker(): CustomElementConstructor | undefined {
  return defineElement(SEAT_PICKER_TAG, PlateiaSeatPicker);
}
