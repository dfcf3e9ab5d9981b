// Runs without a DOM on purpose: the catalogue (and the whole entry point) must load and
// answer during server-side rendering.
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { eventDetail, ticketType } from '../test/catalogue.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import {
  $eventDetails,
  clearCatalogueCache,
  eventStore,
  loadEvent,
  meiaEntradaStore,
  refreshMeiaEntrada,
  resaleCartItem,
  ticketCartItem,
  trackEventPixel,
} from './catalogue.ts';

const summary = (id: number, name: string) => ({
  id,
  slug: `evento-${id}`,
  name,
  venue: 'Teatro',
  city: 'São Paulo',
  startsAt: '2026-12-01T20:00:00.000Z',
  endsAt: '2026-12-01T23:00:00.000Z',
  image: '',
  pixel: '',
  status: 'published',
  priceFromCents: 5000,
  hasSeatMap: false,
  isPast: false,
});

beforeEach(() => {
  clearCatalogueCache();
  $eventDetails.set({});
});

afterEach(() => {
  vi.useRealTimers();
  configureApi({});
  cleanStores($eventDetails);
});

describe('event detail', () => {
  it('shares one store and one request per event, loading on first watch', async () => {
    const calls = fakeApi(({ url }) =>
      json(200, { ...summary(7, 'Teatro'), ticketTypes: [], path: url.pathname }),
    );
    const $a = eventStore(7);
    expect(eventStore('7')).toBe($a);
    const unbindA = $a.listen(() => {});
    const unbindB = eventStore(7).listen(() => {});
    await allTasks();
    expect($a.get().data?.name).toBe('Teatro');
    expect(calls.map(({ url }) => url.pathname)).toEqual(['/events/7']);
    unbindA();
    unbindB();
  });

  it('resolves null and keeps the message when the event is missing', async () => {
    fakeApi(() => json(404, { error: 'not_found', message: 'Evento não encontrado.' }));
    expect(await loadEvent('nao-existe')).toBeNull();
    expect($eventDetails.get()['nao-existe']).toEqual({
      loading: false,
      data: null,
      error: 'Evento não encontrado.',
    });
  });

  it('asks for nothing without an id (an element without event-id, an empty cart): one console warning', async () => {
    const calls = fakeApi(() => json(400, { error: 'validation', message: 'Dados inválidos.' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const unbind = eventStore('').listen(() => {});
    expect(eventStore(' ').get()).toEqual({ loading: false, data: null, error: null });
    expect(await loadEvent('')).toBeNull();
    await allTasks();
    expect(calls).toEqual([]);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
    unbind();
    warn.mockRestore();
  });
});

describe('event pixel', () => {
  it('posts a hit with tipo 3 and never fails the caller', async () => {
    const calls = fakeApi(() => json(500, {}));
    await trackEventPixel('px-9', 9);
    expect(calls.map(({ url }) => url.pathname)).toEqual(['/pixel/add']);
    await trackEventPixel('', 9);
    expect(calls).toHaveLength(1);
  });
});

const EVENT = eventDetail({ id: 3, slug: 'teatro', name: 'Teatro', pixel: 'px-3', hasSeatMap: true });

describe('cart items from answers', () => {
  it('builds a general-admission line', () => {
    const item = ticketCartItem(EVENT, ticketType({ id: 10, name: 'Pista', n_number: 2 }), 3);
    expect(item).toMatchObject({
      id: 10,
      amount: 3,
      eventId: 3,
      eventPixel: 'px-3',
      tk_price: 5000,
      n_number: 2,
      maxAmount: 10,
    });
  });

  it('builds a resale line', () => {
    const item = resaleCartItem(EVENT, {
      resaleId: 44,
      ticketTypeId: 10,
      name: 'Pista',
      n_number: 1,
      priceCents: 7000,
      originalTicketId: 900,
      seatId: null,
    });
    expect(item).toMatchObject({ is_from_resale: 1, resaleId: 44, originalTicketId: 900, tk_price: 7000 });
  });
});

describe('server-side rendering', () => {
  it('imports the whole core and reads the buying stores without a window', async () => {
    expect(typeof globalThis.window).toBe('undefined');
    const core = await import('../index.ts');
    expect(core.$cart.get()).toEqual([]);
    expect(core.$cartCount.get()).toBe(0);
    expect(core.$checkoutActive.get()).toBe(false);
    expect(core.$seatHolds.get()).toEqual([]);
    expect(core.$payment.get().phase).toBe('idle');
  });
});

describe('meia-entrada counter', () => {
  it('loads when watched, polls while watched, and keeps the last counter when a poll fails', async () => {
    vi.useFakeTimers();
    let available = 312;
    let fail = false;
    const calls = fakeApi(({ url }) =>
      fail
        ? json(503, { message: 'fora do ar' })
        : json(200, {
            eventId: 41,
            total: 800,
            available,
            label: `Restam ${available} de 800 meias-entradas`,
            categories: [],
            path: url.pathname,
          }),
    );
    const $counter = meiaEntradaStore(41, 1000);
    expect(meiaEntradaStore(41, 1000)).toBe($counter);
    const unbind = $counter.listen(() => {});
    await allTasks();
    expect($counter.get().data?.label).toBe('Restam 312 de 800 meias-entradas');
    expect(calls[0]?.url.pathname).toBe('/events/41/meia-entrada');
    available = 311;
    await vi.advanceTimersByTimeAsync(1000);
    await allTasks();
    expect($counter.get().data?.available).toBe(311);
    fail = true;
    await refreshMeiaEntrada(41);
    expect($counter.get().data?.available).toBe(311);
    expect($counter.get().error).not.toBeNull();
    const asked = calls.length;
    unbind();
    cleanStores($counter);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.length).toBe(asked);
  });
});
