import { describe, expect, it } from 'vitest';
import { installmentLabel, installmentOptions, splitInstallments } from './installments.ts';

describe('installments', () => {
  it('labels R$ 100,00 in 3x as "3x de R$ 33,34" and bills exactly the total', () => {
    const option = splitInstallments(10000, 3);
    expect(option).toEqual({
      installments: 3,
      installmentCents: 3334,
      lastInstallmentCents: 3332,
      totalCents: 10000,
      label: '3x de R$ 33,34',
    });
  });

  it('uses the thousands dot in labels', () => {
    expect(installmentLabel(2, 123456)).toBe('2x de R$ 1.234,56');
    expect(splitInstallments(500000, 1)?.label).toBe('1x de R$ 5.000,00');
  });

  it('offers 1 to 12, each at least R$ 5,00', () => {
    expect(installmentOptions(100000).map((option) => option.installments)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(installmentOptions(1500).map((option) => option.installments)).toEqual([1, 2, 3]);
    expect(installmentOptions(300).map((option) => option.label)).toEqual(['1x de R$ 3,00']);
    expect(installmentOptions(0)).toEqual([]);
    expect(splitInstallments(100000, 13)).toBeNull();
    expect(splitInstallments(100000, 0)).toBeNull();
    expect(splitInstallments(100.5, 1)).toBeNull();
  });

  it('follows limits from the card configuration', () => {
    expect(installmentOptions(100000, { maxInstallments: 4 })).toHaveLength(4);
    expect(installmentOptions(10000, { minInstallmentCents: 2500 }).map((o) => o.installments)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});
