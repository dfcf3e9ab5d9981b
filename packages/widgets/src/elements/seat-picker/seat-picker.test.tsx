import { configureApi } from '@plateia/core/api/client';
import { QUEUE_MESSAGES } from '@plateia/core/messages/queue';
import { SEAT_MESSAGES } from '@plateia/core/messages/seat-hold';
import { SEAT_PICKER_MESSAGES } from '@plateia/core/messages/seat-picker';
import { $cart } from '@plateia/core/stores/cart';
import { $seatHolds, $seatStatuses } from '@plateia/core/stores/seat-hold';
import { $seatMaps, $sectionPricing } from '@plateia/core/stores/seat-map';
import { eventDetail } from '@plateia/core/testing/catalogue';
import { type ApiCall, fakeApi, json, notFound } from '@plateia/core/testing/fake-api';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineSeatPicker } from './index.ts';
import { SEAT_PICKER_TAG } from './seat-picker.element.ts';
import { mapDescription, SEAT_TOOLTIP_DELAY_MS, SeatPicker, STATUS_POLL_MS } from './seat-picker.tsx';

// A small theatre in the API host's exact shapes: one seat section, one table section.
const MAP = {
  eventId: 2,
  version: 0,
  width: 400,
  height: 200,
  seatCount: 10,
  inline: true,
  sections: [
    {
      id: 1,
      name: 'Plateia A',
      kind: 'seats',
      color: '#7c3aed',
      x: 0,
      y: 40,
      width: 200,
      height: 40,
      seatCount: 6,
      ticketTypeIds: [6, 7],
      priceFromCents: 9000,
      submap: '/seat/maps/2/submap/1',
      rows: [
        { label: 'A', ids: [101, 102, 103], x: [5, 15, 25], y: [46, 46, 46], n: ['1', '2', '3'] },
        { label: 'B', ids: [104, 105, 106], x: [5, 15, 25], y: [56, 56, 56], n: ['1', '2', '3'] },
      ],
      tables: null,
    },
    {
      id: 5,
      name: 'Mesas do Foyer',
      kind: 'tables',
      color: '#f59e0b',
      x: 220,
      y: 40,
      width: 100,
      height: 60,
      seatCount: 4,
      ticketTypeIds: [14],
      priceFromCents: 9000,
      submap: '/seat/maps/2/submap/5',
      rows: [
        {
          label: 'Mesa 1',
          ids: [201, 202, 203, 204],
          x: [240, 224, 240, 256],
          y: [76, 60, 44, 60],
          n: ['1', '2', '3', '4'],
        },
      ],
      tables: [{ id: 1, name: 'Mesa 1', x: 240, y: 60, radius: 12, seatIds: [201, 202, 203, 204] }],
    },
  ],
};

const EVENT = eventDetail({
  id: 2,
  slug: 'auto-da-compadecida',
  name: 'O Auto da Compadecida',
  city: 'São Paulo - SP',
  startsAt: '2026-12-03T20:00:00.000Z',
  endsAt: '2026-12-03T22:00:00.000Z',
  pixel: 'px-auto',
  priceFromCents: 9000,
  hasSeatMap: true,
});

const PRICING: Record<string, unknown> = {
  '1': {
    sectionId: 1,
    eventId: 2,
    name: 'Plateia A',
    kind: 'seats',
    priceFromCents: 9000,
    ticketTypes: [
      {
        id: 6,
        name: 'Plateia A - Inteira',
        description: '',
        n_number: 1,
        priceCents: 18000,
        perOrderLimit: 8,
      },
      {
        id: 7,
        name: 'Plateia A - Meia-entrada',
        description: '',
        n_number: 1,
        priceCents: 9000,
        perOrderLimit: 8,
      },
    ],
  },
  '5': {
    sectionId: 5,
    eventId: 2,
    name: 'Mesas do Foyer',
    kind: 'tables',
    priceFromCents: 9000,
    ticketTypes: [
      { id: 14, name: 'Mesa (por lugar)', description: '', n_number: 1, priceCents: 9000, perOrderLimit: 8 },
    ],
  },
};

let calls: ApiCall[];
let statuses: Record<string, string>;
let holdStatus: number;

beforeEach(() => {
  statuses = { '103': 'sold', '104': 'held' };
  holdStatus = 200;
  localStorage.clear();
  sessionStorage.clear();
  $cart.set([]);
  $seatHolds.set([]);
  $seatMaps.set({});
  $sectionPricing.set({});
  $seatStatuses.set({});
  calls = fakeApi(({ path, url, body }) => {
    if (path === '/seat/maps/2') return json(200, MAP);
    if (path === '/events/2') return json(200, EVENT);
    const pricing = /^\/seat\/sections\/(\d+)\/pricing$/.exec(path);
    if (pricing) return json(200, PRICING[pricing[1] ?? '']);
    if (path === '/seat/status') {
      const ids = url.searchParams.get('seatIds');
      const data = ids
        ? Object.fromEntries(ids.split(',').map((id) => [id, statuses[id] ?? 'available']))
        : statuses;
      return json(200, { data });
    }
    const seatIds = (body as { seatIds?: number[] } | undefined)?.seatIds;
    if (path === '/seat/hold') {
      if (holdStatus === 409) {
        return json(409, { success: false, error: 'seat_taken', message: SEAT_MESSAGES.takenByAnother });
      }
      if (holdStatus === 403) {
        return json(403, { error: 'queue_pass_required', message: QUEUE_MESSAGES.passRequired });
      }
      for (const id of seatIds ?? []) statuses[String(id)] = 'held_by_you';
      return json(200, { success: true, message: 'ok', seatIds });
    }
    if (path === '/seat/release') {
      for (const id of seatIds ?? []) delete statuses[String(id)];
      return json(200, { success: true, message: 'ok', seatIds });
    }
    return notFound();
  });
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
  configureApi({});
});

const select = (name: string) =>
  screen.getByRole('combobox', { name: new RegExp(`^${name}`) }) as HTMLSelectElement;
const choose = (name: string, text: string) => {
  const element = select(name);
  const option = within(element).getByRole('option', { name: text }) as HTMLOptionElement;
  fireEvent.change(element, { target: { value: option.value } });
};

async function openList() {
  render(<SeatPicker eventId="2" />);
  const canvas = await screen.findByRole('img', { name: mapDescription(10) });
  expect(canvas.tagName).toBe('CANVAS');
  fireEvent.click(screen.getByRole('button', { name: SEAT_PICKER_MESSAGES.showList }));
  await waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '103': 'sold', '104': 'held' }));
}

describe('<SeatPicker> list mode', () => {
  it('chooses section, row and seat, holds it through core and announces it', async () => {
    await openList();
    choose('Setor', 'Plateia A (a partir de R$ 90,00)');
    choose('Fileira', 'Fileira A');
    const seats = within(select('Assento')).getAllByRole('option') as HTMLOptionElement[];
    expect(seats.map((option) => [option.textContent, option.disabled])).toEqual([
      ['Escolha o assento', false],
      ['Assento A1', false],
      ['Assento A2', false],
      ['Assento A3 (Vendido)', true],
    ]);
    await waitFor(() => expect(select('Tipo de ingresso').value).toBe('6'));
    choose('Tipo de ingresso', 'Plateia A - Meia-entrada (R$ 90,00)');
    choose('Assento', 'Assento A2');
    fireEvent.click(screen.getByRole('button', { name: SEAT_PICKER_MESSAGES.add }));

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Assento A2, Plateia A, R$ 90,00 adicionado ao carrinho',
      ),
    );
    const hold = calls.find((call) => call.path === '/seat/hold');
    expect(hold?.body).toMatchObject({ eventId: 2, seatIds: [102], holdSeconds: 600 });
    expect($cart.get()).toHaveLength(1);
    expect($cart.get()[0]?.seatSelection).toMatchObject({ seat_id: 102, ticket_type_id: 7, price: 9000 });
    // The seat is now ours: the list says so and the summary offers its removal.
    expect(
      within(select('Assento')).getByRole('option', { name: 'Assento A2 (no seu carrinho)' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remover Assento A2, Plateia A' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Assento A2, Plateia A removido do carrinho'),
    );
    expect($cart.get()).toEqual([]);
    expect(calls.some((call) => call.path === '/seat/release')).toBe(true);
  });

  it("announces the spec's message as an alert when someone else holds the seat first", async () => {
    holdStatus = 409;
    await openList();
    choose('Setor', 'Plateia A (a partir de R$ 90,00)');
    choose('Fileira', 'Fileira B');
    choose('Assento', 'Assento B2');
    fireEvent.click(screen.getByRole('button', { name: SEAT_PICKER_MESSAGES.add }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SEAT_MESSAGES.takenByAnother));
    expect($cart.get()).toEqual([]);
    // Core released what it could not hold.
    expect(calls.filter((call) => call.path === '/seat/release')).toHaveLength(1);
  });

  it("shows a virtual queue's refusal with the link to the waiting room", async () => {
    holdStatus = 403;
    await openList();
    choose('Setor', 'Plateia A (a partir de R$ 90,00)');
    choose('Fileira', 'Fileira B');
    choose('Assento', 'Assento B2');
    fireEvent.click(screen.getByRole('button', { name: SEAT_PICKER_MESSAGES.add }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(QUEUE_MESSAGES.passRequired));
    const link = screen.getByRole('link', { name: 'Ir para a sala de espera' }) as HTMLAnchorElement;
    expect(link.href).toBe(new URL('/fila/2', document.baseURI).href);
    expect($cart.get()).toEqual([]);
  });

  it('sells a table as one line priced per seat', async () => {
    await openList();
    choose('Setor', 'Mesas do Foyer (a partir de R$ 90,00)');
    choose('Mesa', 'Mesa 1, 4 lugares');
    await waitFor(() => expect(select('Tipo de ingresso').value).toBe('14'));
    fireEvent.click(screen.getByRole('button', { name: SEAT_PICKER_MESSAGES.add }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Mesa 1, Mesas do Foyer, R$ 360,00 adicionada ao carrinho',
      ),
    );
    expect(calls.find((call) => call.path === '/seat/hold')?.body).toMatchObject({
      seatIds: [201, 202, 203, 204],
    });
    expect($cart.get()[0]?.seatInfo).toMatchObject({ isTable: true, tableId: 1 });
  });
});

describe('<SeatPicker> map', () => {
  it('shows legend and prices, and polls statuses while visible', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    render(<SeatPicker eventId="2" />);
    await screen.findByRole('img', { name: mapDescription(10) });
    for (const text of ['Disponível', 'Selecionado', 'Reservado', 'Vendido', 'Mesa']) {
      expect(screen.getByText(text, { selector: 'li' })).toBeTruthy();
    }
    expect(screen.getByText(/Plateia A/, { selector: '.prices li' }).textContent).toContain(
      'a partir de R$ 90,00',
    );
    await waitFor(() => expect(calls.filter((call) => call.path === '/seat/status')).toHaveLength(1));
    // A seat released elsewhere shows as available again after the next poll.
    delete statuses['104'];
    await act(async () => {
      vi.advanceTimersByTime(STATUS_POLL_MS);
    });
    await waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '103': 'sold' }));
    expect(calls.filter((call) => call.path === '/seat/status')).toHaveLength(2);
  });

  it('answers plateia-seat-picker-open for its event, so the buy button knows a picker is here', async () => {
    render(<SeatPicker eventId="2" />);
    const canvas = await screen.findByRole('img', { name: mapDescription(10) });
    const other = new CustomEvent('plateia-seat-picker-open', { detail: { eventId: '9' }, cancelable: true });
    expect(document.dispatchEvent(other)).toBe(true);
    const mine = new CustomEvent('plateia-seat-picker-open', { detail: { eventId: '2' }, cancelable: true });
    expect(document.dispatchEvent(mine)).toBe(false);
    expect(document.activeElement).toBe(canvas);
  });
});

describe('<SeatPicker> map keyboard', () => {
  it('moves seat to seat with the arrows, tells and shows each seat, and takes one with Enter', async () => {
    const { container } = render(<SeatPicker eventId="2" />);
    const canvas = await screen.findByRole('img', { name: mapDescription(10) });
    await waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '103': 'sold', '104': 'held' }));
    const tooltip = () => container.querySelector('[part="tooltip"]');
    const status = () => screen.getByRole('status').textContent;
    expect(tooltip()).toBeNull();
    // The first arrow takes the seat nearest to the centre of the view; the next ones move.
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    // Before the section's lots are read, its lowest price.
    expect(status()).toMatch(/^Plateia A, fileira A, assento 1, a partir de R\$\s90,00, disponível$/);
    expect(tooltip()?.getAttribute('role')).toBe('tooltip');
    expect(tooltip()?.textContent).toMatch(
      /^Plateia Afileira A, assento 1a partir de R\$\s90,00 · disponível$/,
    );
    // Focus read the lots: the next seats say the chosen lot's price.
    await waitFor(() => expect(calls.some((call) => call.path === '/seat/sections/1/pricing')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.keyDown(canvas, { key: 'ArrowDown' });
    expect(status()).toMatch(/^Plateia A, fileira B, assento 1, R\$\s180,00, reservado$/);
    fireEvent.keyDown(canvas, { key: 'End' });
    fireEvent.keyDown(canvas, { key: 'ArrowUp' });
    expect(status()).toMatch(/^Plateia A, fileira A, assento 3, .*, vendido$/);
    // Escape hides the tooltip; the seat stays focused.
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(tooltip()).toBeNull();
    // Enter on a sold seat says why, as a click would.
    fireEvent.keyDown(canvas, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SEAT_MESSAGES.notAvailable));
    expect(calls.some((call) => call.path === '/seat/hold')).toBe(false);
    // Left, then Space takes seat A2.
    fireEvent.keyDown(canvas, { key: 'ArrowLeft' });
    expect(status()).toMatch(/^Plateia A, fileira A, assento 2, /);
    fireEvent.keyDown(canvas, { key: ' ' });
    await waitFor(() => expect(status()).toBe('Assento A2, Plateia A, R$ 180,00 adicionado ao carrinho'));
    expect(calls.find((call) => call.path === '/seat/hold')?.body).toMatchObject({ seatIds: [102] });
    // Enter again on a seat in the cart gives it back.
    fireEvent.keyDown(canvas, { key: 'Enter' });
    await waitFor(() => expect(status()).toBe('Assento A2, Plateia A removido do carrinho'));
    expect($cart.get()).toEqual([]);
  });

  it("shows a hovered seat's tooltip only after the pointer rests on it for 500 ms", async () => {
    const { container } = render(<SeatPicker eventId="2" />);
    const canvas = await screen.findByRole('img', { name: mapDescription(10) });
    await waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '103': 'sold', '104': 'held' }));
    const tooltip = () => container.querySelector<HTMLElement>('[part="tooltip"]');
    // The keyboard zooms to seat A1 and shows its tooltip at once: that is where it is drawn.
    fireEvent.keyDown(canvas, { key: 'ArrowRight' });
    const at = {
      clientX: Number.parseFloat(tooltip()!.style.left),
      clientY: Number.parseFloat(tooltip()!.style.top),
    };
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(tooltip()).toBeNull();
    vi.useFakeTimers();
    try {
      fireEvent.pointerMove(canvas, { ...at, pointerId: 7 });
      act(() => vi.advanceTimersByTime(SEAT_TOOLTIP_DELAY_MS - 50));
      expect(tooltip()).toBeNull();
      act(() => vi.advanceTimersByTime(50));
      expect(tooltip()?.textContent).toMatch(/^Plateia Afileira A, assento 1/);
      // Leaving the seats hides it at once.
      fireEvent.pointerLeave(canvas, { pointerId: 7 });
      expect(tooltip()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('<plateia-seat-picker>', () => {
  it('registers once and renders the map title in its shadow root', async () => {
    expect(defineSeatPicker()).toBe(customElements.get(SEAT_PICKER_TAG));
    const element = document.createElement(SEAT_PICKER_TAG);
    element.setAttribute('event-id', '2');
    document.body.append(element);
    await waitFor(() =>
      expect(element.shadowRoot?.querySelector('h2')?.textContent).toBe(SEAT_PICKER_MESSAGES.title),
    );
    await waitFor(() => expect(element.shadowRoot?.querySelector('canvas')).toBeTruthy());
  });

  it('without event-id says so in pt-BR and asks the API for nothing', async () => {
    const element = document.createElement(SEAT_PICKER_TAG);
    document.body.append(element);
    await waitFor(() =>
      expect(element.shadowRoot?.textContent).toBe('Informe o evento do mapa de assentos.'),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });
});
