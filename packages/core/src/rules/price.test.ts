import { describe, expect, it } from 'vitest';
import { formatAmount, formatCents, formatPrice } from './price.ts';

describe('the older names of the money formatter', () => {
  it('uses a thousands dot and a decimal comma', () => {
    expect(formatPrice(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatAmount(1000)).toBe('1.000,00');
    expect(formatAmount(999.9)).toBe('999,90');
  });

  it('parses strings', () => {
    expect(formatPrice('45.5')).toBe('R$ 45,50');
    expect(formatPrice(' 12 ')).toBe('R$ 12,00');
  });

  it('shows zero or invalid values as 0,00', () => {
    expect(formatPrice(0)).toBe('R$ 0,00');
    expect(formatPrice('abc')).toBe('R$ 0,00');
    expect(formatPrice(Number.NaN)).toBe('R$ 0,00');
    expect(formatPrice(undefined)).toBe('R$ 0,00');
    expect(formatPrice({})).toBe('R$ 0,00');
  });

  it('keeps formatCents under its old entry', () => {
    expect(formatCents(12345)).toBe('R$ 123,45');
  });

  it('rounds half a cent away from drift', () => {
    expect(formatPrice(0.1 + 0.2)).toBe('R$ 0,30');
    expect(formatPrice(-3.5)).toBe('R$ -3,50');
  });
});
