import { describe, expect, it } from 'vitest';
import { allocateTickets } from '../../src/shared-payments/create.ts';

const shares = (...tickets: number[]) =>
  tickets.map((count, i) => ({ email: `p${i}@exemplo.com`, tickets: count }));

describe('allocateTickets', () => {
  it('gives friends whole lines in position order and the rest to the leader', () => {
    const lines = [1, 2, 3, 4].map((id) => ({ id, units: 1 }));
    expect([...allocateTickets(lines, shares(1, 2, 1))!]).toEqual([
      [1, 'p1@exemplo.com'],
      [2, 'p1@exemplo.com'],
      [3, 'p2@exemplo.com'],
      [4, 'p0@exemplo.com'],
    ]);
  });

  it('gives a table to one person, skipping it for a friend it does not fit', () => {
    const lines = [
      { id: 1, units: 4 },
      { id: 2, units: 1 },
    ];
    const holders = allocateTickets(lines, shares(4, 1))!;
    expect(holders.get(2)).toBe('p1@exemplo.com');
    expect(holders.get(1)).toBe('p0@exemplo.com');
    expect(allocateTickets(lines, shares(3, 2))).toBeNull();
  });

  it('leaves a friend with no tickets out', () => {
    const holders = allocateTickets([{ id: 7, units: 1 }], shares(1, 0))!;
    expect([...holders]).toEqual([[7, 'p0@exemplo.com']]);
  });
});
