// Runs without a DOM on purpose: the catalogue (and the whole entry point) must load and
// answer during server-side rendering.
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import {
  $eventDetails,
  $eventQuery,
  $events,
  CATALOGUE_FRESH_MS,
  clearCatalogueCache,
  eventStore,
  loadEvent,
  loadEvents,
  searchEvents,
  setEventQuery,
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
  $eventQuery.set({});
  $events.set({ loading: false, data: null, error: null });
  $eventDetails.set({});
});

afterEach(() => {
  vi.useRealTimers();
  configureApi({});
  cleanStores($events, $eventQuery, $eventDetails);
});

describe('events listing', () => {
  it('loads when watched and maps the answer page', async () => {
    const calls = fakeApi(() => json(200, { data: [summary(1, 'Festival')], page: 1, limit: 20, total: 1 }));
    const unbind = $events.listen(() => {});
    expect($events.get().loading).toBe(true);
    await allTasks();
    expect($events.get()).toEqual({
      loading: false,
      data: { events: [summary(1, 'Festival')], page: 1, limit: 20, total: 1 },
      error: null,
    });
    expect(calls[0]?.url.pathname).toBe('/events');
    expect(calls[0]?.url.search).toBe('');
    unbind();
  });

  it('searches by text and drops an answer that arrives after a newer search', async () => {
    const pending: Array<{ q: string; resolve: () => void }> = [];
    let allArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const calls = fakeApi(
      ({ url }) =>
        new Promise((resolve) => {
          const q = url.searchParams.get('q') ?? '';
          pending.push({ q, resolve: () => resolve(json(200, { data: [summary(q.length, q)], total: 1 })) });
          if (pending.length === 3) allArrived();
        }),
    );
    const unbind = $events.listen(() => {});
    searchEvents('rock');
    searchEvents('samba');
    await arrived;
    pending.find((p) => p.q === 'samba')?.resolve();
    pending.find((p) => p.q === 'rock')?.resolve();
    pending.find((p) => p.q === '')?.resolve();
    await allTasks();
    expect($events.get().data?.events.map((event) => event.name)).toEqual(['samba']);
    expect(calls.map(({ url }) => url.searchParams.get('q'))).toEqual([null, 'rock', 'samba']);
    unbind();
  });

  it('reuses a fresh answer, asks again once it is stale or forced', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    const calls = fakeApi(() => json(200, { data: [], total: 0 }));
    setEventQuery({ slug: 'festival' });
    await loadEvents();
    await loadEvents();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.searchParams.get('slug')).toBe('festival');
    vi.setSystemTime(CATALOGUE_FRESH_MS);
    await loadEvents();
    await loadEvents({ force: true });
    expect(calls).toHaveLength(3);
  });

  it('keeps the last page and reports the server message on failure', async () => {
    let fail = false;
    fakeApi(() =>
      fail
        ? json(400, { error: 'validation', message: 'Busca inválida.' })
        : json(200, { data: [summary(1, 'A')] }),
    );
    const unbind = $events.listen(() => {});
    await allTasks();
    fail = true;
    await loadEvents({ force: true });
    expect($events.get().error).toBe('Busca inválida.');
    expect($events.get().data?.events).toHaveLength(1);
    unbind();
  });

  it('falls back to the pt-BR default when nobody answers', async () => {
    vi.useFakeTimers();
    fakeApi(() => {
      throw new TypeError('fetch failed');
    });
    const unbind = $events.listen(() => {});
    // A listing read is retried by the client after a network error; let its backoff pass.
    await vi.runAllTimersAsync();
    await allTasks();
    expect($events.get().error).toBe('Não foi possível carregar os eventos, tente novamente');
    unbind();
  });
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
