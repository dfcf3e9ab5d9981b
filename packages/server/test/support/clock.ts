/** A clock tests move by hand, so expiry is checked without sleeping. */
export interface TestClock {
  now: () => Date;
  /** Moves the clock forward. */
  advance(ms: number): void;
}

/** A clock starting at `start` (default: the real current time). */
export function testClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
  };
}
