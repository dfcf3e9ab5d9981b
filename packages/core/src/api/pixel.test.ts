import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, json } from '../test/fake-api.ts';
import { configureApi } from './client.ts';
import { addPixel } from './pixel.ts';

afterEach(() => {
  configureApi({});
});

describe('event pixel call', () => {
  it('sends a pixel hit with tipo 3', async () => {
    const calls = fakeApi(() => json(200, {}));
    await addPixel({ hash: 'px-3', ismobile: true, evtid: '3' });
    expect(calls[0]?.body).toEqual({ hash: 'px-3', ismobile: 1, evtid: 3, tipo: 3 });
  });
});
