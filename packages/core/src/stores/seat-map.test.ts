import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import { $seatStatuses } from './seat-hold.ts';
import {
  $seatMaps,
  $sectionPricing,
  loadSeatMap,
  loadSectionPricing,
  SEAT_STATUS_POLL_MS,
  watchSeatStatuses,
} from './seat-map.ts';

const MAP = { eventId: 3, version: 1, width: 100, height: 80, seatCount: 2, inline: true, sections: [] };

beforeEach(() => {
  $seatMaps.set({});
  $sectionPricing.set({});
});

afterEach(() => {
  configureApi({});
  cleanStores($seatMaps);
});

describe('seat maps', () => {
  it('loads a map once per page unless forced', async () => {
    const calls = fakeApi(() => json(200, MAP));
    await loadSeatMap(3);
    await loadSeatMap(3);
    expect($seatMaps.get()['3']).toEqual({ loading: false, data: MAP, error: null });
    expect(calls).toHaveLength(1);
    await loadSeatMap(3, { force: true });
    expect(calls).toHaveLength(2);
  });

  it('keeps the message of a map that cannot load', async () => {
    fakeApi(() => json(404, { error: 'not_found', message: 'Este evento não tem mapa de assentos.' }));
    await loadSeatMap(9);
    expect($seatMaps.get()['9']).toEqual({
      loading: false,
      data: null,
      error: 'Este evento não tem mapa de assentos.',
    });
  });
});

describe('section pricing', () => {
  const PRICING = {
    sectionId: 4,
    eventId: 3,
    name: 'Plateia A',
    kind: 'seats',
    priceFromCents: 9000,
    ticketTypes: [
      { id: 6, name: 'Inteira', description: '', n_number: 1, priceCents: 18000, perOrderLimit: 8 },
    ],
  };

  it('reads a section once, two asks at a time included, and keeps it in the store', async () => {
    const calls = fakeApi(({ path }) =>
      path === '/seat/sections/4/pricing' ? json(200, PRICING) : json(404, {}),
    );
    const [first, second] = await Promise.all([loadSectionPricing(4), loadSectionPricing('4')]);
    expect(first).toEqual(PRICING);
    expect(second).toEqual(PRICING);
    expect(await loadSectionPricing(4)).toEqual(PRICING);
    expect(calls).toHaveLength(1);
    expect($sectionPricing.get()['4']).toEqual(PRICING);
  });

  it('answers null on a failed read and reads again on the next ask', async () => {
    let fail = true;
    const calls = fakeApi(() => (fail ? json(500, { error: 'x', message: 'Erro' }) : json(200, PRICING)));
    expect(await loadSectionPricing(4)).toBeNull();
    expect($sectionPricing.get()).toEqual({});
    // The client retries a 500 itself; the store asks again only on the next call.
    const failedCalls = calls.length;
    fail = false;
    expect(await loadSectionPricing(4)).toEqual(PRICING);
    expect(calls).toHaveLength(failedCalls + 1);
  });
});

describe('live statuses', () => {
  afterEach(() => {
    vi.useRealTimers();
    $seatStatuses.set({});
  });

  it('reads the whole event now and on every poll while watched, and stops when told', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let answer: Record<string, string> = { '104': 'held', '103': 'sold' };
    const calls = fakeApi(({ path, url }) => {
      expect(path).toBe('/seat/status');
      // A sparse read names no seats: the answer is every seat that is not available.
      expect(url.searchParams.get('seatIds') ?? '').toBe('');
      return json(200, { data: answer });
    });
    let watched = true;
    const stop = watchSeatStatuses(2, () => watched);
    await vi.waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '104': 'held', '103': 'sold' }));
    // A seat released elsewhere turns available on the next poll: the answer replaces the event's.
    answer = { '103': 'sold' };
    vi.advanceTimersByTime(SEAT_STATUS_POLL_MS);
    await vi.waitFor(() => expect($seatStatuses.get()['2']).toEqual({ '103': 'sold' }));
    // Not watched (tab hidden, picker off screen): no read.
    watched = false;
    vi.advanceTimersByTime(SEAT_STATUS_POLL_MS);
    expect(calls).toHaveLength(2);
    watched = true;
    stop();
    vi.advanceTimersByTime(SEAT_STATUS_POLL_MS * 2);
    expect(calls).toHaveLength(2);
  });

  it('keeps what it has when a read fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    $seatStatuses.set({ '2': { '103': 'sold' } });
    const calls = fakeApi(() => json(404, { error: 'not_found', message: 'Evento não encontrado' }));
    const stop = watchSeatStatuses(2, () => true);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    stop();
    expect($seatStatuses.get()['2']).toEqual({ '103': 'sold' });
  });
});
