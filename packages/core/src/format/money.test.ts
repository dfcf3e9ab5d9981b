import { describe, expect, it } from 'vitest';
import { parseReais } from '../rules/money.ts';
import { formatCents, formatCentsForInput } from './money.ts';

describe('formatCents', () => {
  it.each([
    [0, 'R$ 0,00'],
    [5, 'R$ 0,05'],
    [99, 'R$ 0,99'],
    [19_850, 'R$ 198,50'],
    [123_456, 'R$ 1.234,56'],
    [123_456_789, 'R$ 1.234.567,89'],
    [-350, 'R$ -3,50'],
    [-0, 'R$ 0,00'],
    [12.6, 'R$ 0,13'],
    [Number.NaN, 'R$ 0,00'],
    [Number.POSITIVE_INFINITY, 'R$ 0,00'],
  ])('%s cents is %s', (value, text) => {
    expect(formatCents(value)).toBe(text);
  });

  it('fills a field with what parseReais reads back as the same cents', () => {
    for (const value of [0, 1, 99, 100, 19_850, 123_456, 100_000_000]) {
      expect(parseReais(formatCentsForInput(value))).toEqual({ ok: true, cents: value });
      expect(parseReais(formatCents(value))).toEqual({ ok: true, cents: value });
    }
  });
});
