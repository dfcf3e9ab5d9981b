import { formatCents } from '@plateia/core/format/money';
import { describe, expect, it } from 'vitest';
import {
  installmentOptions,
  MAX_INSTALLMENTS,
  MIN_INSTALLMENT_CENTS,
  splitInstallments,
} from '../../src/payments/installments.ts';

describe('installments', () => {
  it('labels R$ 100,00 in 3x as "3x de R$ 33,34" and charges exactly the total', () => {
    const option = splitInstallments(10_000, 3)!;
    expect(option.label).toBe('3x de R$ 33,34');
    expect(option.installmentCents).toBe(3334);
    expect(option.lastInstallmentCents).toBe(3332);
    expect(option.totalCents).toBe(10_000);
  });

  it('never lets the advertised installments fall short of the total, nor the last exceed the others', () => {
    for (let total = 1; total <= 20_000; total += 37) {
      for (const option of installmentOptions(total)) {
        const { installments: n, installmentCents, lastInstallmentCents } = option;
        expect(installmentCents * n).toBeGreaterThanOrEqual(total);
        expect(installmentCents * (n - 1) + lastInstallmentCents).toBe(total);
        expect(lastInstallmentCents).toBeGreaterThan(0);
        expect(lastInstallmentCents).toBeLessThanOrEqual(installmentCents);
      }
    }
  });

  it('offers 1 to 12 installments of at least R$ 5,00', () => {
    expect(installmentOptions(100_000).map((o) => o.installments)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    // R$ 24,99 allows 4x (4 × 5,00 = 20,00) but not 5x (25,00).
    expect(installmentOptions(2499).map((o) => o.installments)).toEqual([1, 2, 3, 4]);
    expect(splitInstallments(2500, 5)?.label).toBe('5x de R$ 5,00');
    // Below the minimum a purchase still goes through in 1x.
    expect(installmentOptions(300).map((o) => o.label)).toEqual(['1x de R$ 3,00']);
    expect(MIN_INSTALLMENT_CENTS).toBe(500);
    expect(MAX_INSTALLMENTS).toBe(12);
  });

  it('refuses counts and totals outside the rule', () => {
    expect(splitInstallments(10_000, 0)).toBeNull();
    expect(splitInstallments(10_000, 13)).toBeNull();
    expect(splitInstallments(10_000, 2.5)).toBeNull();
    expect(splitInstallments(0, 1)).toBeNull();
    expect(splitInstallments(999, 2)).toBeNull();
    expect(installmentOptions(0)).toEqual([]);
  });

  it('formats pt-BR money as the e-mails show it, through core formatCents', () => {
    expect(formatCents(0)).toBe('R$ 0,00');
    expect(formatCents(5)).toBe('R$ 0,05');
    expect(formatCents(123_456_789)).toBe('R$ 1.234.567,89');
    expect(splitInstallments(1_200_000, 12)?.label).toBe('12x de R$ 1.000,00');
  });
});
