import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatCount } from './numbers.ts';

describe('counts and rates', () => {
  it('groups thousands with a dot', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12_345)).toBe('12.345');
    expect(formatCount(1_234_567)).toBe('1.234.567');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('writes basis points as a percentage with a decimal comma', () => {
    expect(formatBasisPoints(1000)).toBe('10%');
    expect(formatBasisPoints(250)).toBe('2,5%');
    expect(formatBasisPoints(1)).toBe('0,01%');
    expect(formatBasisPoints(Number.POSITIVE_INFINITY)).toBe('0%');
  });
});
