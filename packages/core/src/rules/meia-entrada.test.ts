import { describe, expect, it } from 'vitest';
import {
  MEIA_FEDERAL_CATEGORIES,
  meiaCounterLabel,
  meiaPriceCents,
  normaliseMeiaDocument,
} from './meia-entrada.ts';

describe('meia-entrada rules', () => {
  it('halves a lot price rounding down, so nobody pays more than half', () => {
    expect(meiaPriceCents(12_000)).toBe(6_000);
    expect(meiaPriceCents(10_001)).toBe(5_000);
    expect(meiaPriceCents(1)).toBe(0);
  });

  it('compares document numbers by letters and digits only', () => {
    expect(normaliseMeiaDocument('123.456.789-00')).toBe('12345678900');
    expect(normaliseMeiaDocument(' ab 12/3 ')).toBe('AB123');
  });

  it('writes the counter of the decree in pt-BR', () => {
    expect(meiaCounterLabel(312, 800)).toBe('Restam 312 de 800 meias-entradas');
    expect(meiaCounterLabel(1, 800)).toBe('Resta 1 de 800 meias-entradas');
    expect(meiaCounterLabel(0, 800)).toBe('Meias-entradas esgotadas (800 no total)');
  });

  it('lists the federal categories with the documents accepted', () => {
    expect(MEIA_FEDERAL_CATEGORIES.map((category) => category.id)).toEqual([
      'estudante',
      'pcd',
      'pcd-acompanhante',
      'jovem-baixa-renda',
      'idoso',
    ]);
    expect(MEIA_FEDERAL_CATEGORIES.every((category) => category.documents.length > 0)).toBe(true);
  });
});
