/**
 * `@plateia/widgets/buy-button`: importing it registers `<plateia-buy-button>`.
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
export {
  BUY_BUTTON_MESSAGES,
  type BuyButtonView,
  blockedReason,
  buyButtonView,
  type ChooserOption,
} from './buy-button.ts';
