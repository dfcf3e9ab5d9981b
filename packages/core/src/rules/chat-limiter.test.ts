import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './chat-limiter.ts';

describe('createRateLimiter', () => {
  it('allows 10 in 1000 ms, refuses the 11th, and frees a slot as the window slides', () => {
    const limiter = createRateLimiter();
    for (let i = 0; i < 10; i++) expect(limiter.tryAcquire(1000 + i * 10)).toBe(true);
    expect(limiter.tryAcquire(1500)).toBe(false);
    expect(limiter.tryAcquire(1999)).toBe(false);
    // The first acquisition (t=1000) leaves the window at t=2000.
    expect(limiter.tryAcquire(2000)).toBe(true);
    expect(limiter.tryAcquire(2001)).toBe(false);
    limiter.reset();
    expect(limiter.tryAcquire(2002)).toBe(true);
  });
});
