import type { EventDetail, MeiaEntradaInfo } from '@plateia/core/api/catalogue';
import { configureApi } from '@plateia/core/api/client';
import { MEIA_FEDERAL_CATEGORIES } from '@plateia/core/rules/meia-entrada';
import { $cart, $productCart } from '@plateia/core/stores/cart';
import { $eventDetails, clearCatalogueCache } from '@plateia/core/stores/catalogue';
import { $toasts } from '@plateia/core/stores/toasts';
import { eventDetail, ticketType } from '@plateia/core/testing/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlateiaCartChangeEvent, PlateiaSeatPickerOpenEvent } from '../../shared/events.ts';
import { BUY_BUTTON_TAG, defineBuyButton, type PlateiaBuyButton } from './index.ts';

const festival = (): EventDetail =>
  eventDetail({
    id: 1,
    slug: 'festival',
    name: 'Festival Sons do Cerrado',
    venue: 'Parque da Cidade',
    city: 'Brasília - DF',
    startsAt: '2026-12-15T14:00:00.000Z',
    endsAt: '2026-12-16T02:00:00.000Z',
    pixel: 'px-festival',
    producerId: 1,
    ticketTypes: [
      ticketType({ id: 11, name: 'Pista', n_number: 2, priceCents: 5000 }),
      ticketType({ id: 12, name: 'Camarote', n_number: 1, priceCents: 12000, soldOut: true, available: 0 }),
      ticketType({ id: 13, name: 'Backstage', n_number: 1, priceCents: 30000, perOrderLimit: 1 }),
    ],
  });

const theatre = (): EventDetail => ({
  ...festival(),
  id: 2,
  slug: 'teatro',
  name: 'O Auto da Compadecida',
  hasSeatMap: true,
  ticketTypes: [ticketType({ id: 21, name: 'Plateia', numerationSelected: true, sectionId: 1 })],
});

let events: Record<string, EventDetail | MeiaEntradaInfo | number>;
let requests: string[];

beforeEach(() => {
  defineBuyButton();
  events = { '1': festival(), '2': theatre() };
  requests = [];
  configureApi({
    baseUrl: 'http://api.test',
    fetch: async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      requests.push(url.pathname);
      const answer = events[url.pathname.replace('/events/', '')];
      if (typeof answer === 'object') return Response.json(answer);
      return Response.json({ error: 'x', message: 'Evento fora do ar' }, { status: answer ?? 404 });
    },
  });
  localStorage.clear();
  $cart.set([]);
  $productCart.set([]);
  $toasts.set([]);
  clearCatalogueCache();
  $eventDetails.set({});
});

afterEach(() => {
  document.body.replaceChildren();
  configureApi({});
  globalThis.Plateia = undefined;
});

function place(attributes: Record<string, string>): PlateiaBuyButton {
  const element = document.createElement(BUY_BUTTON_TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const shadow = (element: PlateiaBuyButton) => element.shadowRoot as ShadowRoot;
const button = (element: PlateiaBuyButton) =>
  shadow(element).querySelector('[part="button"]') as HTMLButtonElement;
const status = (element: PlateiaBuyButton) => shadow(element).querySelector('[role="status"]')?.textContent;
const menuItems = (element: PlateiaBuyButton) =>
  [...shadow(element).querySelectorAll('[role="menuitem"]')] as HTMLButtonElement[];
const settled = (element: PlateiaBuyButton) =>
  vi.waitFor(() => expect(button(element).dataset.state).not.toBe('loading'));

describe('<plateia-buy-button> without event-id', () => {
  it('says so on a disabled button and asks the API for nothing', async () => {
    const element = place({});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(button(element).textContent).toBe('Evento não informado');
    expect(button(element).disabled).toBe(true);
    expect(requests).toEqual([]);
  });
});

describe('<plateia-buy-button> with a ticket type', () => {
  it('shows loading, then adds one ticket to the shared cart and fires plateia-cart-change', async () => {
    const element = place({ 'event-id': '1', 'ticket-type-id': '11' });
    expect(button(element).textContent).toBe('Carregando…');
    expect(button(element).disabled).toBe(true);
    expect(button(element).hasAttribute('aria-busy')).toBe(true);
    await settled(element);
    expect(button(element).textContent).toBe('Comprar R$ 50,00');
    expect(button(element).disabled).toBe(false);

    const heard: PlateiaCartChangeEvent[] = [];
    document.addEventListener('plateia-cart-change', (event) => heard.push(event), { once: true });
    button(element).click();
    expect($cart.get()).toMatchObject([
      { id: 11, amount: 1, eventId: 1, eventPixel: 'px-festival', n_number: 2 },
    ]);
    expect(heard[0]?.detail).toEqual({ count: 1, totalCents: 5000 });
    expect(heard[0]?.target).toBe(element);
    expect(heard[0]?.composed).toBe(true);
    expect(status(element)).toBe('Pista adicionado ao carrinho');

    button(element).click();
    expect($cart.get()[0]?.amount).toBe(2);
    expect(requests).toEqual(['/events/1']);
  });

  it('uses the label attribute', async () => {
    const element = place({ 'event-id': '1', 'ticket-type-id': '11', label: 'Quero ir' });
    await settled(element);
    expect(button(element).textContent).toBe('Quero ir R$ 50,00');
  });

  it('says "Esgotado" and stays disabled for a sold-out lot', async () => {
    const element = place({ 'event-id': '1', 'ticket-type-id': '12' });
    await settled(element);
    expect(button(element).textContent).toBe('Esgotado');
    expect(button(element).disabled).toBe(true);
  });

  it("shows core's message when the lot's per-order limit is reached", async () => {
    const element = place({ 'event-id': '1', 'ticket-type-id': '13' });
    await settled(element);
    button(element).click();
    button(element).click();
    expect($cart.get()[0]?.amount).toBe(1);
    expect(status(element)).toBe('Você já atingiu a quantidade máxima deste ingresso por compra');
  });

  it('offers a retry when the event cannot be loaded', async () => {
    events['1'] = 500;
    const element = place({ 'event-id': '1', 'ticket-type-id': '11' });
    await vi.waitFor(() => expect(button(element).textContent).toBe('Tentar novamente'));
    expect(status(element)).toBe('Evento fora do ar');
    events['1'] = festival();
    button(element).click();
    await vi.waitFor(() => expect(button(element).textContent).toBe('Comprar R$ 50,00'));
  });
});

describe('<plateia-buy-button> chooser', () => {
  it('lists the lots with lot number and price, marks the sold-out one and adds the chosen one', async () => {
    const element = place({ 'event-id': '1' });
    await settled(element);
    const trigger = button(element);
    expect(trigger.textContent).toBe('Comprar ingressos');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    trigger.click();
    const menu = shadow(element).querySelector('[role="menu"]') as HTMLElement;
    expect(menu.hidden).toBe(false);
    expect(menu.getAttribute('aria-label')).toBe('Escolha o ingresso');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const items = menuItems(element);
    expect(items.map((item) => item.textContent)).toEqual([
      'Pista2º loteR$ 50,00',
      'Camarote1º loteR$ 120,00Esgotado',
      'Backstage1º loteR$ 300,00',
    ]);
    expect(items[1]?.getAttribute('aria-disabled')).toBe('true');
    expect(shadow(element).activeElement).toBe(items[0]);

    items[1]?.click();
    expect($cart.get()).toEqual([]);
    expect(menu.hidden).toBe(false);

    items[2]?.click();
    expect($cart.get()).toMatchObject([{ id: 13, amount: 1 }]);
    expect(menu.hidden).toBe(true);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(shadow(element).activeElement).toBe(trigger);
  });

  it('moves through the lots with the arrow keys, Home and End, and closes on Escape', async () => {
    const element = place({ 'event-id': '1' });
    await settled(element);
    const trigger = button(element);
    trigger.focus();
    trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const items = menuItems(element);
    const menu = shadow(element).querySelector('[role="menu"]') as HTMLElement;
    const press = (key: string) =>
      shadow(element).activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    expect(shadow(element).activeElement).toBe(items[0]);
    press('ArrowDown');
    expect(shadow(element).activeElement).toBe(items[1]);
    press('End');
    expect(shadow(element).activeElement).toBe(items[2]);
    press('ArrowDown');
    expect(shadow(element).activeElement).toBe(items[0]);
    press('ArrowUp');
    expect(shadow(element).activeElement).toBe(items[2]);
    press('Home');
    expect(shadow(element).activeElement).toBe(items[0]);
    press('Escape');
    expect(menu.hidden).toBe(true);
    expect(shadow(element).activeElement).toBe(trigger);
  });

  it('says "Esgotado" when no lot is left', async () => {
    const event = festival();
    for (const type of event.ticketTypes) type.soldOut = true;
    events['1'] = event;
    const element = place({ 'event-id': '1' });
    await settled(element);
    expect(button(element).textContent).toBe('Esgotado');
    expect(button(element).disabled).toBe(true);
  });
});

describe('<plateia-buy-button> for a seated event', () => {
  it('asks for the seat picker and opens one in a modal dialog when the page has none', async () => {
    const load = vi.fn(async () => undefined);
    globalThis.Plateia = { version: 'test', elements: ['plateia-seat-picker'], load };
    const element = place({ 'event-id': '2' });
    await settled(element);
    expect(button(element).textContent).toBe('Escolher assento');
    const heard: PlateiaSeatPickerOpenEvent[] = [];
    document.addEventListener('plateia-seat-picker-open', (event) => heard.push(event), { once: true });

    button(element).click();
    expect(heard[0]?.detail).toEqual({ eventId: '2' });
    expect(heard[0]?.target).toBe(document);
    const dialog = shadow(element).querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('plateia-seat-picker')?.getAttribute('event-id')).toBe('2');
    expect(shadow(element).getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Escolha seu assento',
    );
    expect(load).toHaveBeenCalledWith('plateia-seat-picker');
    expect($cart.get()).toEqual([]);

    (shadow(element).querySelector('[part="close-button"]') as HTMLButtonElement).click();
    expect(dialog.open).toBe(false);
  });

  it('leaves it to a picker already on the page, or to a listener that cancels the request', async () => {
    const element = place({ 'event-id': '2' });
    await settled(element);
    const pagePicker = document.createElement('plateia-seat-picker');
    document.body.append(pagePicker);
    button(element).click();
    expect(shadow(element).querySelector('dialog')).toBeNull();

    pagePicker.remove();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('plateia-seat-picker-open', cancel);
    button(element).click();
    document.removeEventListener('plateia-seat-picker-open', cancel);
    expect(shadow(element).querySelector('dialog')).toBeNull();
  });

  it('opens the picker for a ticket type sold by seat, even on an event without a map flag', async () => {
    const event = festival();
    event.ticketTypes.push(ticketType({ id: 14, name: 'Mesa', numerationSelected: true }));
    events['1'] = event;
    const element = place({ 'event-id': '1', 'ticket-type-id': '14' });
    await settled(element);
    expect(button(element).textContent).toBe('Escolher assento');
  });
});

describe('<plateia-buy-button> element', () => {
  it('rebuilds for a new event-id and mirrors attributes as properties', async () => {
    const element = place({ 'event-id': '1', 'ticket-type-id': '11' });
    await settled(element);
    element.eventId = '2';
    element.ticketTypeId = null;
    await settled(element);
    expect(button(element).textContent).toBe('Escolher assento');
    expect(element.getAttribute('event-id')).toBe('2');
    expect(element.hasAttribute('ticket-type-id')).toBe(false);
  });

  it('builds once when an element already in the page is upgraded', async () => {
    // Parsed markup is upgraded with its attributes reported while already connected.
    document.body.innerHTML = '<plateia-buy-button event-id="1" ticket-type-id="11"></plateia-buy-button>';
    const element = document.querySelector(BUY_BUTTON_TAG) as PlateiaBuyButton;
    await settled(element);
    expect(shadow(element).querySelectorAll('[part="button"]')).toHaveLength(1);
    const upgraded = document.createElement('div');
    upgraded.innerHTML = '<plateia-late-button event-id="1"></plateia-late-button>';
    document.body.append(upgraded);
    customElements.define(
      'plateia-late-button',
      class extends (customElements.get(BUY_BUTTON_TAG) as typeof PlateiaBuyButton) {},
    );
    const late = upgraded.firstElementChild as PlateiaBuyButton;
    await settled(late);
    expect(shadow(late).querySelectorAll('[part="button"]')).toHaveLength(1);
  });

  it('adopts its stylesheet with the theming properties', () => {
    const element = place({ 'event-id': '1' });
    const css = [...shadow(element).adoptedStyleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .map((rule) => rule.cssText)
      .join('\n');
    expect(css).toContain('--plateia-accent');
  });

  it('falls back to <style> elements, the shared sheets first, without constructable stylesheets', () => {
    const descriptor = Object.getOwnPropertyDescriptor(ShadowRoot.prototype, 'adoptedStyleSheets');
    delete (ShadowRoot.prototype as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    try {
      const element = place({ 'event-id': '1' });
      const styles = [...shadow(element).querySelectorAll('style')].map((style) => style.textContent);
      expect(styles).toHaveLength(3);
      expect(styles[0]).toContain('--plateia-accent');
      expect(styles[1]).toContain('.button');
      expect(styles[2]).toContain('.menu');
      expect(shadow(element).querySelectorAll('[part="button"]')).toHaveLength(1);
    } finally {
      if (descriptor) Object.defineProperty(ShadowRoot.prototype, 'adoptedStyleSheets', descriptor);
    }
  });
});

const meiaOffer = (available: number): MeiaEntradaInfo => ({
  eventId: 3,
  total: 800,
  available,
  label: `Restam ${available} de 800 meias-entradas`,
  categories: [...MEIA_FEDERAL_CATEGORIES],
});

const withMeia = (): EventDetail => ({
  ...festival(),
  id: 3,
  slug: 'com-meia',
  ticketTypes: [
    ticketType({
      id: 31,
      name: 'Pista',
      n_number: 2,
      priceCents: 12001,
      nextLot: { id: 32, n_number: 3, priceCents: 15000, lotLabel: '3º lote', opensAt: null },
    }),
  ],
  meiaEntrada: meiaOffer(312),
});

describe('<plateia-buy-button> lots and meia-entrada', () => {
  const meia = (element: PlateiaBuyButton) => shadow(element).querySelector('[part="meia"]') as HTMLElement;
  const meiaBox = (element: PlateiaBuyButton) =>
    shadow(element).querySelector('[part="meia-choice"] input') as HTMLInputElement;
  const counter = (element: PlateiaBuyButton) =>
    shadow(element).querySelector('[part="meia-counter"]')?.textContent;

  // Core keeps one counter store per event for the page's life: each test has its own event.
  beforeEach(() => {
    for (const id of [3, 4, 5]) events[String(id)] = { ...withMeia(), id };
  });

  it('shows the lot and the next one, and no meia choice for an event without a quota', async () => {
    events['1'] = {
      ...festival(),
      ticketTypes: [
        ticketType({
          id: 11,
          name: 'Pista',
          n_number: 2,
          priceCents: 5000,
          nextLot: { id: 14, n_number: 3, priceCents: 15000, lotLabel: '3º lote', opensAt: null },
        }),
      ],
    };
    const element = place({ 'event-id': '1', 'ticket-type-id': '11' });
    await settled(element);
    expect(shadow(element).querySelector('[part="lot"]')?.textContent).toBe(
      '2º lote · Próximo lote: R$ 150,00',
    );
    expect(meia(element).hidden).toBe(true);
    expect(requests).toEqual(['/events/1']);
  });

  it('shows the live counter and the documents, and adds a meia line at half price apart from the full one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      events['3/meia-entrada'] = meiaOffer(312);
      const element = place({ 'event-id': '3', 'ticket-type-id': '31' });
      await settled(element);
      expect(meia(element).hidden).toBe(false);
      await vi.waitFor(() => expect(counter(element)).toBe('Restam 312 de 800 meias-entradas'));
      const documents = shadow(element).querySelector('[part="meia-documents"]') as HTMLDetailsElement;
      expect(documents.querySelector('summary')?.textContent).toBe('Quem tem direito e quais documentos');
      expect([...documents.querySelectorAll('dt')].map((dt) => dt.textContent)).toContain('Estudante');
      expect(documents.textContent).toContain('Carteira de Identificação Estudantil (CIE)');

      button(element).click();
      meiaBox(element).click();
      // Half of R$ 120,01, rounded down, beside the choice and on the button.
      expect(shadow(element).querySelector('[part="meia-choice"]')?.textContent).toBe(
        'Meia-entrada R$ 60,00',
      );
      expect(button(element).textContent).toBe('Comprar meia-entrada R$ 60,00');
      button(element).click();
      button(element).click();
      expect($cart.get().map((item) => [item.meia === true, item.amount, item.tk_price])).toEqual([
        [false, 1, 12001],
        [true, 2, 6000],
      ]);
      expect(status(element)).toBe('Pista (meia-entrada) adicionado ao carrinho');

      // The counter is polled while watched: a meia bought elsewhere shows without a reload.
      events['3/meia-entrada'] = meiaOffer(311);
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(counter(element)).toBe('Restam 311 de 800 meias-entradas'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns the meia choice off when the quota is gone', async () => {
    events['4/meia-entrada'] = { ...meiaOffer(0), label: 'Meias-entradas esgotadas (800 no total)' };
    const element = place({ 'event-id': '4' });
    await settled(element);
    await vi.waitFor(() => expect(counter(element)).toBe('Meias-entradas esgotadas (800 no total)'));
    expect(meiaBox(element).disabled).toBe(true);
  });

  it('offers the meia price in the chooser', async () => {
    events['5/meia-entrada'] = meiaOffer(5);
    const element = place({ 'event-id': '5' });
    await settled(element);
    await vi.waitFor(() => expect(counter(element)).toBe('Restam 5 de 800 meias-entradas'));
    meiaBox(element).click();
    expect(button(element).textContent).toBe('Comprar ingressos (meia-entrada)');
    button(element).click();
    expect(menuItems(element).map((item) => item.textContent)).toEqual([
      'Pista2º loteR$ 60,00Próximo lote: R$ 150,00',
    ]);
    menuItems(element)[0]?.click();
    expect($cart.get()).toMatchObject([{ id: 31, eventId: 5, meia: true, tk_price: 6000, maxAmount: 5 }]);
  });
});
