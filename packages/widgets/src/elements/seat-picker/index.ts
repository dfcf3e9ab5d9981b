/**
 * `@plateia/widgets/seat-picker`: importing it registers `<plateia-seat-picker>`.
 * The React component and the pure map geometry are exported too.
 */
import { defineSeatPicker } from './seat-picker.element.ts';

defineSeatPicker();

export { drawSeatMap, type MapColors, SEAT_KIND, type SeatKind } from './seat-canvas.ts';
export { defineSeatPicker, PlateiaSeatPicker, SEAT_PICKER_TAG } from './seat-picker.element.ts';
export { SeatPicker, type SeatPickerProps } from './seat-picker.tsx';
