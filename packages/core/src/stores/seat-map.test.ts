import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import { $seatMaps, loadSeatMap } from './seat-map.ts';

const MAP = { eventId: 3, version: 1, width: 100, height: 80, seatCount: 2, inline: true, sections: [] };

beforeEach(() => {
  $seatMaps.set({});
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
