import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api.ts';
import { fetchEvents } from './catalogue.ts';
import { configureApi } from './client.ts';

afterEach(() => {
  configureApi({});
});

describe('catalogue calls', () => {
  it('reads the listing page from data and leaves out empty filters', async () => {
    const calls = fakeApi(() => json(200, { data: [{ id: 1 }], page: 2, limit: 5, total: 6 }));
    const page = await fetchEvents({ q: ' rock ', slug: '', page: 2, limit: 5 });
    expect(page).toEqual({ events: [{ id: 1 }], page: 2, limit: 5, total: 6 });
    expect(calls[0]?.url.search).toBe('?q=rock&page=2&limit=5');
  });
});
