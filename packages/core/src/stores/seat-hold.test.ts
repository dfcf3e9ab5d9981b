// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import {
  $seatHolds,
  $seatMaps,
  $seatStatuses,
  holdingSessionId,
  loadSeatMap,
  refreshSeatHolds,
  refreshSeatStatus,
  releaseSeatHolds,
} from './seats.ts';
import { sessionId } from './session.ts';

const MAP = { eventId: 3, version: 1, width: 100, height: 80, seatCount: 2, inline: true, sections: [] };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $seatHolds.set([]);
  $seatMaps.set({});
  $seatStatuses.set({});
});

afterEach(() => {
  configureApi({});
  cleanStores($seatHolds, $seatMaps, $seatStatuses);
});

describe('seat maps and statuses', () => {
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

  it('merges statuses per event', async () => {
    let answer: Record<string, string> = { '1': 'sold' };
    fakeApi(() => json(200, { data: answer }));
    await refreshSeatStatus(3, []);
    answer = { '2': 'held_by_you' };
    await refreshSeatStatus(3, ['2']);
    expect($seatStatuses.get()).toEqual({ '3': { '1': 'sold', '2': 'held_by_you' } });
  });

  it('lets a sparse refresh replace the event statuses, so released seats become available', async () => {
    let answer: Record<string, string> = { '1': 'held', '2': 'sold' };
    fakeApi(() => json(200, { data: answer }));
    await refreshSeatStatus(3, []);
    answer = { '2': 'sold' };
    await refreshSeatStatus(3, []);
    expect($seatStatuses.get()).toEqual({ '3': { '2': 'sold' } });
  });
});

describe('holds', () => {
  it('releases per holding session and keeps what failed to release', async () => {
    const calls = fakeApi((call) =>
      (call.body as { sessionId: string }).sessionId === 'down-tab' ? json(503, {}) : json(200, {}),
    );
    $seatHolds.set([
      { eventId: 3, seatIds: ['1'], sessionId: 'other-tab' },
      { eventId: 3, seatIds: ['2'], sessionId: 'down-tab' },
    ]);
    await expect(releaseSeatHolds([{ eventId: 3, seatIds: ['1', '2', '7'] }])).rejects.toMatchObject({
      message: 'Erro ao remover assento do carrinho',
    });
    expect(calls.map((call) => call.body)).toEqual([
      { eventId: 3, seatIds: [1], sessionId: 'other-tab' },
      { eventId: 3, seatIds: [2], sessionId: 'down-tab' },
      { eventId: 3, seatIds: [7], sessionId: sessionId() },
    ]);
    expect($seatHolds.get()).toEqual([{ eventId: 3, seatIds: ['2'], sessionId: 'down-tab' }]);
  });

  it('renews holds for 600 s and reports those that failed', async () => {
    const calls = fakeApi((call) =>
      (call.body as { eventId: number }).eventId === 4
        ? json(409, { success: false, message: 'x' })
        : json(200, {}),
    );
    const failed = await refreshSeatHolds([
      { eventId: 3, seatIds: ['1'] },
      { eventId: 4, seatIds: ['9'], sessionId: 'other-tab' },
    ]);
    expect(failed).toEqual([{ eventId: 4, seatIds: ['9'], sessionId: 'other-tab' }]);
    expect(calls[0]?.body).toEqual({ eventId: 3, seatIds: [1], holdSeconds: 600, sessionId: sessionId() });
    expect($seatHolds.get()).toEqual([{ eventId: 3, seatIds: ['1'], sessionId: sessionId() }]);
  });

  it('names the session holding a set of seats, else this one', () => {
    $seatHolds.set([{ eventId: 3, seatIds: ['1'], sessionId: 'other-tab' }]);
    expect(holdingSessionId([{ eventId: 3, seatIds: ['1'] }])).toBe('other-tab');
    expect(holdingSessionId([{ eventId: 3, seatIds: ['5'] }])).toBe(sessionId());
  });

  it('drops stored records that are not hold records', () => {
    localStorage.setItem('plateia:seatHolds', JSON.stringify([{ eventId: 3 }]));
    cleanStores($seatHolds);
    expect($seatHolds.get()).toEqual([]);
  });
});
