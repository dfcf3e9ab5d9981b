/**
 * `@plateia/widgets/buy-button`: importing it registers `<plateia-buy-button>`. The entry
 * exports the element only: the view rules in `buy-button.ts` stay internal (nothing
 * imports them, and the script-tag build need not carry their export names).
 */
import { defineBuyButton } from './buy-button.element.ts';

defineBuyButton();

export {
  BUY_BUTTON_TAG,
  defineBuyButton,
  PlateiaBuyButton,
  type PlateiaCartChangeDetail,
  type PlateiaSeatPickerOpenDetail,
  SEAT_PICKER_TAG,
} from './buy-button.element.ts';
