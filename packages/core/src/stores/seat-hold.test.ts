// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import { fakeApi, json } from '../test/fake-api.ts';
import {
  $seatHolds,
  $seatStatuses,
  holdingSessionId,
  refreshSeatHolds,
  refreshSeatStatus,
  releaseSeatHolds,
} from './seat-hold.ts';
import { sessionId } from './session.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  $seatHolds.set([]);
  $seatStatuses.set({});
});

afterEach(() => {
  configureApi({});
  cleanStores($seatHolds, $seatStatuses);
});

describe('seat statuses', () => {
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
