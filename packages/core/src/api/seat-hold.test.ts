import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { fetchSeatStatus } from './seat-hold.ts';

afterEach(() => {
  configureApi({});
});

describe('seat service calls', () => {
  it('asks seat status with comma-joined ids, or only the taken seats without ids', async () => {
    const calls = fakeApi(() => json(200, { data: { '501': 'held_by_you' } }));
    expect(await fetchSeatStatus(3, ['501', '502'], 'session-1')).toEqual({ '501': 'held_by_you' });
    expect(calls[0]?.url.searchParams.get('seatIds')).toBe('501,502');
    await fetchSeatStatus(3, [], 'session-1');
    expect(calls[1]?.url.searchParams.has('seatIds')).toBe(false);
  });
});
