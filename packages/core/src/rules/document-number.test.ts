import { describe, expect, it } from 'vitest';
import {
  formatDocumentNumber,
  isValidCnpj,
  isValidCpf,
  isValidCpfCnpj,
  normalizeDocumentNumber,
} from './document-number.ts';

// The Receita Federal's rule for the CNPJ's check digits, written out here to check the
// library against: each character's value is its ASCII code minus 48, weights 2 to 9 from the
// right and starting over, remainder of the sum by 11, and a remainder below 2 gives 0.
function officialCheckDigit(characters: string): number {
  let sum = 0;
  for (let i = 0; i < characters.length; i++) {
    const weight = ((characters.length - 1 - i) % 8) + 2;
    sum += (characters.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}
function officialCnpj(base: string): string {
  const first = officialCheckDigit(base);
  return `${base}${first}${officialCheckDigit(`${base}${first}`)}`;
}

describe('normalizeDocumentNumber', () => {
  it('keeps digits and letters, upper-cased', () => {
    expect(normalizeDocumentNumber('529.982.247-25')).toBe('52998224725');
    expect(normalizeDocumentNumber(' 11.222.333/0001-81 ')).toBe('11222333000181');
    expect(normalizeDocumentNumber('12.abc.345/01de-35')).toBe('12ABC34501DE35');
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

describe('the alphanumeric CNPJ (issued since July 2026)', () => {
  it("accepts the Receita Federal's example 12.ABC.345/01DE-35, in any case and punctuation", () => {
    // Worked by hand: 1·5 + 2·4 + A(17)·3 + B(18)·2 + C(19)·9 + 3·8 + 4·7 + 5·6 + 0·5 + 1·4
    // + D(20)·3 + E(21)·2 = 459, 459 mod 11 = 8, first digit 11 − 8 = 3; with it the second
    // sum is 424, 424 mod 11 = 6, second digit 5.
    expect(officialCnpj('12ABC34501DE')).toBe('12ABC34501DE35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
    expect(isValidCpfCnpj('12.ABC.345/01DE-35')).toBe(true);
  });

  it('refuses wrong check digits, letters among the check digits and wrong lengths', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501D35')).toBe(false);
    expect(isValidCnpj('12ABC34501DE350')).toBe(false);
    expect(isValidCnpj('12ABC34501DÉ35')).toBe(false);
    expect(isValidCpf('12ABC34501DE35')).toBe(false);
  });

  it('agrees with the official rule on generated bases, and refuses every other check pair', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let seed = 20_260_701;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let run = 0; run < 300; run++) {
      const base = Array.from({ length: 12 }, () => alphabet[next() % alphabet.length]).join('');
      const valid = officialCnpj(base);
      expect(isValidCnpj(valid), valid).toBe(true);
      const wrong = `${base}${(Number(valid.slice(12)) + 1 + (next() % 98)) % 100}`.padEnd(14, '0');
      if (wrong !== valid) expect(isValidCnpj(wrong), wrong).toBe(false);
    }
  });
});

describe('formatDocumentNumber, as a person types', () => {
  it.each([
    ['', ''],
    ['529', '529'],
    ['5299822', '529.982.2'],
    ['52998224725', '529.982.247-25'],
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    ['11.222.333/0001-81999', '11.222.333/0001-81'],
    ['12a', '12.A'],
    ['12abc345', '12.ABC.345'],
    ['12ABC34501DE35', '12.ABC.345/01DE-35'],
    ['12.abc.345/01de-35', '12.ABC.345/01DE-35'],
    // Letters stop at the check digits, which are numeric.
    ['12ABC34501DEXY35', '12.ABC.345/01DE-35'],
    ['529.982.247-25 ç', '529.982.247-25'],
  ])('%j shows as %j', (typed, shown) => {
    expect(formatDocumentNumber(typed)).toBe(shown);
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
