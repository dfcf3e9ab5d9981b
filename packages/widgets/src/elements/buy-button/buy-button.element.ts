import type { EventDetail, MeiaEntradaInfo, TicketTypeInfo } from '@plateia/core/api/catalogue';
import { formatCents } from '@plateia/core/format/money';
import { BUY_BUTTON_MESSAGES } from '@plateia/core/messages/buy-button';
import { addToCart } from '@plateia/core/stores/cart';
import { eventStore, loadEvent, meiaEntradaStore } from '@plateia/core/stores/catalogue';
import { changeCartFrom } from '../../shared/cart-change.ts';
import { emit, type PlateiaCartChangeDetail, type PlateiaSeatPickerOpenDetail } from '../../shared/events.ts';
import { defineLightElement, h, LightElement, setOrRemove } from '../../shared/light-element.ts';
import buyButtonCss from './buy-button.css?inline';
import {
  type BuyButtonView,
  buyButtonView,
  type ChooserOption,
  cartLineFor,
  lotText,
  meiaOffer,
  nextLotText,
} from './buy-button.ts';

/** Tag name of the buy button. */
export const BUY_BUTTON_TAG = 'plateia-buy-button';

/** Tag the buy button inserts for seated events when the page has no seat picker. */
export const SEAT_PICKER_TAG = 'plateia-seat-picker';

/**
 * Adds an event's ticket to the shared cart. With `ticket-type-id` it adds that lot;
 * without it, it opens a menu of the event's ticket types (name, lot, price, "Esgotado"
 * for sold-out lots). For seated events it asks for the seat picker instead: it
 * dispatches `plateia-seat-picker-open` on `document` and, unless a listener cancels it
 * or the page already holds a `<plateia-seat-picker>`, opens one in a modal dialog.
 * Shows "Carregando…" while the event loads and "Esgotado" when nothing is left. Shows the
 * lot ("2º lote") and "Próximo lote: R$ X"; for an event with a meia-entrada quota, the live
 * counter ("Restam 312 de 800 meias-entradas"), the accepted documents of each category and
 * a "Meia-entrada" choice that adds a meia line at half price.
 *
 * @tag plateia-buy-button
 * @summary Adds a ticket to the cart, or opens the seat picker for seated events.
 *
 * @attr {string} event-id - The event (id or slug). Required.
 * @attr {string} ticket-type-id - The ticket type to add; without it the button offers a chooser.
 * @attr {string} label - The button text. Defaults: "Comprar", "Comprar ingressos" (chooser), "Escolher assento" (seated).
 *
 * @fires {CustomEvent<PlateiaCartChangeDetail>} plateia-cart-change - This button added a ticket; `detail` has the cart's count and total in cents.
 * @fires {CustomEvent<PlateiaSeatPickerOpenDetail>} plateia-seat-picker-open - Dispatched on `document` for a seated event; cancel it to show your own picker.
 *
 * @csspart base - Wrapper of the button, menu and status.
 * @csspart button - The buy button.
 * @csspart price - The price inside the button (single ticket type).
 * @csspart menu - The ticket type chooser.
 * @csspart option - One ticket type in the chooser.
 * @csspart option-name - Its name.
 * @csspart option-lot - Its lot ("Lote 2").
 * @csspart option-price - Its price.
 * @csspart option-sold-out - "Esgotado" / "Indisponível" beside a lot that cannot be bought.
 * @csspart option-next-lot - "Próximo lote: R$ X" under a lot of the chooser.
 * @csspart lot - The lot line under a single lot's button ("2º lote · Próximo lote: R$ 150,00").
 * @csspart meia - Wrapper of the meia-entrada choice, counter and documents.
 * @csspart meia-choice - The "Meia-entrada" checkbox with its label.
 * @csspart meia-price - The half price beside the choice (single lot).
 * @csspart meia-counter - "Restam 312 de 800 meias-entradas" (live).
 * @csspart meia-documents - The details "Quem tem direito e quais documentos".
 * @csspart status - The line that announces the outcome ("… adicionado ao carrinho", errors).
 * @csspart dialog - The seat picker dialog.
 * @csspart dialog-title - Its title.
 * @csspart close-button - Its close button.
 *
 * @cssprop [--plateia-accent=#8b5cf6] - Button color and focus ring.
 * @cssprop [--plateia-accent-fg=#ffffff] - Button text.
 * @cssprop [--plateia-bg=#15151c] - Menu and dialog background.
 * @cssprop [--plateia-surface=#1f1f29] - Highlighted option.
 * @cssprop [--plateia-fg=#f4f4f6] - Text color.
 * @cssprop [--plateia-muted=#a1a1b0] - Lot and status text.
 * @cssprop [--plateia-border=#34343f] - Borders.
 * @cssprop [--plateia-danger=#f87171] - Errors and "Esgotado".
 * @cssprop [--plateia-success=#4ade80] - "Adicionado ao carrinho".
 * @cssprop [--plateia-radius=12px] - Corner radius.
 * @cssprop [--plateia-font=system-ui] - Font family.
 * @cssprop [--plateia-backdrop=rgb(0 0 0 / 0.7)] - Backdrop behind the seat picker dialog.
 */
export class PlateiaBuyButton extends LightElement {
  /** Attributes that rebuild the element when they change. */
  static observedAttributes = ['event-id', 'ticket-type-id', 'label'];

  #button!: HTMLButtonElement;
  #menu!: HTMLDivElement;
  #status!: HTMLParagraphElement;
  #lot!: HTMLParagraphElement;
  #meia!: HTMLDivElement;
  #meiaBox!: HTMLInputElement;
  #meiaCounter!: HTMLParagraphElement;
  #meiaPrice!: HTMLSpanElement;
  #meiaDocuments!: HTMLDetailsElement;
  /** The live counter once watched (`null` until the event shows a quota). */
  #meiaLive: MeiaEntradaInfo | null = null;
  #meiaWatched = false;
  /** What the button shows; drawn as soon as the element mounts. */
  #view!: BuyButtonView;

  constructor() {
    super(buyButtonCss);
  }

  /** The event's id or slug; mirrors `event-id`. */
  get eventId(): string {
    return this.getAttribute('event-id') ?? '';
  }
  set eventId(value: string) {
    this.setAttribute('event-id', value);
  }

  /** The ticket type to add; mirrors `ticket-type-id` (`null`: the chooser). */
  get ticketTypeId(): string | null {
    return this.getAttribute('ticket-type-id');
  }
  set ticketTypeId(value: string | null) {
    setOrRemove(this, 'ticket-type-id', value);
  }

  /** The button text; mirrors `label`. */
  get label(): string | null {
    return this.getAttribute('label');
  }
  set label(value: string | null) {
    setOrRemove(this, 'label', value);
  }

  protected mount(): void {
    this.#button = h('button', { part: 'button', type: 'button' });
    // Ids are scoped to the shadow root, so fixed ones cannot clash between buttons.
    this.#menu = h('div', {
      part: 'menu',
      role: 'menu',
      id: 'menu',
      'aria-label': BUY_BUTTON_MESSAGES.menu,
      hidden: '',
    });
    this.#status = h('p', { part: 'status', role: 'status' });
    this.#lot = h('p', { part: 'lot', hidden: '' });
    this.#meiaBox = h('input', { type: 'checkbox' });
    this.#meiaCounter = h('p', { part: 'meia-counter' });
    this.#meiaPrice = h('span', { part: 'meia-price' });
    this.#meiaDocuments = h('details', { part: 'meia-documents' });
    this.#meia = h(
      'div',
      { part: 'meia', hidden: '' },
      h('label', { part: 'meia-choice' }, this.#meiaBox, BUY_BUTTON_MESSAGES.meia, this.#meiaPrice),
      this.#meiaCounter,
      this.#meiaDocuments,
    );
    this.#meiaLive = null;
    this.#meiaWatched = false;
    this.root.append(
      h('div', { part: 'base' }, this.#button, this.#menu, this.#lot, this.#meia, this.#status),
    );
    // The button's price follows the choice.
    this.#meiaBox.addEventListener('change', () => this.#draw(this.#view));

    this.#button.addEventListener('click', () => this.#activate());
    this.#button.addEventListener('keydown', (event) => {
      if (this.#view.kind === 'choose' && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
        event.preventDefault();
        this.#openMenu(event.key === 'ArrowUp');
      }
    });
    this.#menu.addEventListener('keydown', (event) => this.#menuKey(event));
    this.#menu.addEventListener('focusout', (event) => {
      // Leaving the menu (Tab, a click elsewhere) closes it, like a native select.
      if (!this.root.contains(event.relatedTarget as Node | null)) this.#closeMenu(false);
    });
    const outside = (event: PointerEvent) => {
      if (!event.composedPath().includes(this)) this.#closeMenu(false);
    };
    document.addEventListener('pointerdown', outside, { signal: this.signal });

    const eventId = this.eventId.trim();
    // Without an event there is nothing to ask the API host: the button says so.
    if (!eventId) {
      this.#draw({ kind: 'closed', text: BUY_BUTTON_MESSAGES.noEvent });
      return;
    }
    this.keep(
      eventStore(eventId).subscribe((fetched) =>
        this.#draw(buyButtonView(fetched, this.ticketTypeId, this.label)),
      ),
    );
    // The store loads when first watched; a button added while it is still watched (or
    // after its answer went stale) asks too. Fresh answers and requests in flight are reused.
    void loadEvent(eventId);
  }

  #draw(view: BuyButtonView): void {
    this.#view = view;
    const button = this.#button;
    button.disabled = view.kind === 'loading' || view.kind === 'closed';
    button.toggleAttribute('aria-busy', view.kind === 'loading');
    button.dataset.state = view.kind;
    const meia = this.#drawMeia(view);
    const chosen = meia && this.#meiaBox.checked ? meia : null;
    // A host page may hide the price part (its own column shows the lot's): the text says meia.
    button.replaceChildren(chosen && !this.label ? BUY_BUTTON_MESSAGES.buyMeia(view.text) : view.text);
    if (view.kind === 'add') {
      button.append(
        ' ',
        h('span', { part: 'price' }, formatCents(cartLineFor(view.event, view.type, chosen).tk_price)),
      );
      const next = nextLotText(view.type);
      this.#lot.textContent = next ? `${lotText(view.type)} · ${next}` : lotText(view.type);
    }
    this.#lot.hidden = view.kind !== 'add';
    if (view.kind === 'choose') {
      button.setAttribute('aria-haspopup', 'menu');
      button.setAttribute('aria-controls', this.#menu.id);
      button.setAttribute('aria-expanded', String(!this.#menu.hidden));
      this.#menu.replaceChildren(...view.options.map((option) => this.#option(option, view.event, chosen)));
    } else {
      // The menu is open only while the chooser shows.
      for (const name of ['aria-haspopup', 'aria-controls', 'aria-expanded']) button.removeAttribute(name);
      this.#menu.hidden = true;
    }
    if (view.kind === 'error') this.#say(view.message, 'error');
  }

  /**
   * The meia-entrada choice, counter and documents, for an event with a quota: the counter
   * is watched live (core polls while the page is visible) from the first view that shows
   * it. Returns the offer, or `null` when the button sells no meia.
   */
  #drawMeia(view: BuyButtonView): MeiaEntradaInfo | null {
    if (!this.#meiaWatched && (view.kind === 'add' || view.kind === 'choose') && meiaOffer(view, null)) {
      this.#meiaWatched = true;
      const $meia = meiaEntradaStore(view.event.id);
      this.keep(
        $meia.listen((fetched) => {
          if (!fetched.data) return;
          this.#meiaLive = fetched.data;
          this.#draw(this.#view);
        }),
      );
      this.#meiaLive = $meia.get().data;
    }
    const offer = meiaOffer(view, this.#meiaLive);
    this.#meia.hidden = !offer;
    if (!offer || (view.kind !== 'add' && view.kind !== 'choose')) return null;
    const soldOut = offer.available <= 0;
    if (soldOut) this.#meiaBox.checked = false;
    this.#meiaBox.disabled = soldOut;
    this.#meiaCounter.textContent = offer.label;
    // The half price beside the choice, for a single lot (the chooser's options show theirs).
    this.#meiaPrice.textContent =
      view.kind === 'add' ? ` ${formatCents(cartLineFor(view.event, view.type, offer).tk_price)}` : '';
    if (!this.#meiaDocuments.firstChild) {
      // Lei 13.179/2015: the documents accepted at the door, before buying.
      this.#meiaDocuments.append(
        h('summary', {}, BUY_BUTTON_MESSAGES.meiaDocuments),
        h(
          'dl',
          {},
          ...offer.categories.flatMap((category) => [
            h('dt', {}, category.label),
            h('dd', {}, h('ul', {}, ...category.documents.map((document) => h('li', {}, document)))),
          ]),
        ),
      );
    }
    return offer;
  }

  #option(
    { type, blocked }: ChooserOption,
    event: EventDetail,
    meia: MeiaEntradaInfo | null,
  ): HTMLButtonElement {
    const next = nextLotText(type);
    const option = h(
      'button',
      { part: 'option', role: 'menuitem', type: 'button', tabindex: '-1' },
      h('span', { part: 'option-name' }, type.name),
      h('span', { part: 'option-lot' }, lotText(type)),
      h('span', { part: 'option-price' }, formatCents(cartLineFor(event, type, meia).tk_price)),
    );
    if (next) option.append(h('span', { part: 'option-next-lot' }, next));
    if (blocked) {
      option.setAttribute('aria-disabled', 'true');
      option.append(h('span', { part: 'option-sold-out' }, blocked));
    }
    option.addEventListener('click', () => {
      if (blocked) return;
      this.#closeMenu(true);
      this.#add(event, type, meia);
    });
    return option;
  }

  #activate(): void {
    const view = this.#view;
    if (view.kind === 'error') void loadEvent(this.eventId.trim(), { force: true });
    else if (view.kind === 'add') this.#add(view.event, view.type, this.#chosenMeia(view));
    else if (view.kind === 'choose') {
      if (this.#menu.hidden) this.#openMenu(false);
      else this.#closeMenu(true);
    } else if (view.kind === 'seats') this.#openSeatPicker(String(view.event.id));
  }

  /** The menu's options: its only children. */
  #options(): HTMLButtonElement[] {
    return [...this.#menu.children] as HTMLButtonElement[];
  }

  #openMenu(fromEnd: boolean): void {
    this.#say('');
    this.#menu.hidden = false;
    this.#button.setAttribute('aria-expanded', 'true');
    // Start on the first lot that can be bought (the last one, for ArrowUp). The chooser
    // shows only when at least one can.
    const enabled = this.#options().filter((option) => !option.hasAttribute('aria-disabled'));
    enabled.at(fromEnd ? -1 : 0)?.focus();
  }

  #closeMenu(returnFocus: boolean): void {
    if (this.#menu.hidden) return;
    this.#menu.hidden = true;
    this.#button.setAttribute('aria-expanded', 'false');
    if (returnFocus) this.#button.focus();
  }

  #menuKey(event: KeyboardEvent): void {
    const options = this.#options();
    const current = options.indexOf(this.root.activeElement as HTMLButtonElement);
    // Where the arrows, Home and End go, wrapping around (`at` counts -1 from the end).
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    const target = moves[event.key];
    if (target !== undefined) options.at(target % options.length)?.focus();
    else if (event.key === 'Escape') this.#closeMenu(true);
    else if (event.key === 'Tab') this.#closeMenu(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  }

  /** The meia offer when "Meia-entrada" is chosen, else `null`. */
  #chosenMeia(view: BuyButtonView): MeiaEntradaInfo | null {
    return this.#meiaBox.checked ? meiaOffer(view, this.#meiaLive) : null;
  }

  #add(event: EventDetail, type: TicketTypeInfo, meia: MeiaEntradaInfo | null): void {
    // The change fires `plateia-cart-change` from this button, once, cart bars or not.
    const result = changeCartFrom(this, () => addToCart(cartLineFor(event, type, meia)));
    if (!result.ok) {
      // Core also raised a toast; pages without a toast host still see it here.
      this.#say(result.error, 'error');
      return;
    }
    this.#say(
      meia ? BUY_BUTTON_MESSAGES.meiaAdded(type.name) : BUY_BUTTON_MESSAGES.added(type.name),
      'success',
    );
  }

  #say(message: string, tone: 'error' | 'success' | '' = ''): void {
    this.#status.textContent = message;
    if (tone) this.#status.dataset.tone = tone;
    else delete this.#status.dataset.tone;
  }

  #openSeatPicker(eventId: string): void {
    const detail: PlateiaSeatPickerOpenDetail = { eventId };
    // A page that shows its own picker cancels the event; one already on the page answers it.
    if (!emit(document, 'plateia-seat-picker-open', detail)) return;
    if (document.querySelector(SEAT_PICKER_TAG)) return;
    const dialog = this.root.querySelector('dialog') ?? this.#buildDialog();
    dialog.querySelector(SEAT_PICKER_TAG)?.setAttribute('event-id', eventId);
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The loader cannot see into this shadow root, so it is asked for the picker's code.
    globalThis.Plateia?.load(SEAT_PICKER_TAG).catch(() => undefined);
  }

  #buildDialog(): HTMLDialogElement {
    const close = h(
      'button',
      { part: 'close-button', class: 'close', type: 'button', 'aria-label': BUY_BUTTON_MESSAGES.close },
      '×',
    );
    const dialog = h(
      'dialog',
      { part: 'dialog', 'aria-labelledby': 'dialog-title' },
      h(
        'div',
        { class: 'dialog-head' },
        h('h2', { part: 'dialog-title', id: 'dialog-title' }, BUY_BUTTON_MESSAGES.seatDialog),
        close,
      ),
      document.createElement(SEAT_PICKER_TAG),
    );
    // The button shows only while the dialog is open, so closing needs no check.
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => this.#button.focus());
    // Built once per connection: leaving the page removes it with the rest of the DOM.
    this.root.append(dialog);
    return dialog;
  }
}

/** `detail` types of this element's events. */
export type { PlateiaCartChangeDetail, PlateiaSeatPickerOpenDetail };

declare global {
  interface HTMLElementTagNameMap {
    'plateia-buy-button': PlateiaBuyButton;
  }
}

/** Registers `<plateia-buy-button>` (once; a no-op on the server). */
export function defineBuyButton(): void {
  defineLightElement(BUY_BUTTON_TAG, PlateiaBuyButton);
}
