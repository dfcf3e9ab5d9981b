import { afterEach, describe, expect, it } from 'vitest';
import { $queuePass, queuePassHeader } from './queue-pass.ts';

describe('the queue pass the API client carries', () => {
  afterEach(() => $queuePass.set(null));
  const live = { eventId: 7, token: 'eyJ.pass.sig', expiresAt: new Date(Date.now() + 60_000).toISOString() };

  it('goes only on the gated calls, and only while live', () => {
    expect(queuePassHeader('http://api.test/cart/reserve')).toBeNull();
    $queuePass.set(live);
    expect(queuePassHeader('http://api.test/cart/reserve')).toEqual(['X-Queue-Pass', 'eyJ.pass.sig']);
    expect(queuePassHeader('http://api.test/seat/hold')).not.toBeNull();
    expect(queuePassHeader('http://api.test/seat/checkout')).not.toBeNull();
    expect(queuePassHeader('http://api.test/payments/pix')).not.toBeNull();
    expect(queuePassHeader('http://api.test/payments/card')).not.toBeNull();
    expect(queuePassHeader('http://api.test/events/7')).toBeNull();
    expect(queuePassHeader('http://api.test/cart/reserve', Date.now() + 120_000)).toBeNull();
  });
});
