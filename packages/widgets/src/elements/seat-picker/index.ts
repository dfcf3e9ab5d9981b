/**
 * `@plateia/widgets/seat-picker`: importing it registers `<plateia-seat-picker>`.
 * The element and the React component are exported too.
 */
import { defineSeatPicker } from './seat-picker.element.ts';

defineSeatPicker();

export { defineSeatPicker, PlateiaSeatPicker, SEAT_PICKER_TAG } from './seat-picker.element.ts';
export { SeatPicker, type SeatPickerProps } from './seat-picker.tsx';
