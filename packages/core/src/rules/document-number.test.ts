import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, isValidCpfCnpj, normalizeDocumentNumber } from './document-number.ts';

describe('normalizeDocumentNumber', () => {
  it('keeps only digits', () => {
    expect(normalizeDocumentNumber('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocumentNumber(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });
});

describe('isValidCpf', () => {
  it('accepts valid CPFs, formatted or not', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('123.456.789-09')).toBe(true);
    // First check digit computed from a remainder below 2 (becomes 0).
    expect(isValidCpf('111.444.777-35')).toBe(true);
  });

  it('rejects wrong check digits', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('529.982.247-15')).toBe(false);
    expect(isValidCpf('123.456.789-00')).toBe(false);
  });

  it('rejects repeated digits, wrong lengths and junk', () => {
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('abc52998224725')).toBe(false);
    expect(isValidCpf(52998224725)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('isValidCnpj', () => {
  it('accepts valid CNPJs, formatted or not', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
    expect(isValidCnpj('45.997.418/0001-53')).toBe(true);
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    expect(isValidCnpj('11.222.333/0001-80')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('52998224725')).toBe(false);
  });
});

describe('isValidCpfCnpj', () => {
  it('accepts either kind', () => {
    expect(isValidCpfCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isValidCpfCnpj('529.982.247-26')).toBe(false);
    expect(isValidCpfCnpj('123')).toBe(false);
    expect(isValidCpfCnpj(null)).toBe(false);
  });
});
