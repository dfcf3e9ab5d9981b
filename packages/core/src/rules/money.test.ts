import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../messages/money.ts';
import { parseReais } from './money.ts';

const cents = (text: string) => {
  const read = parseReais(text);
  return read.ok ? read.cents : read.error;
};

describe('parseReais', () => {
  it.each([
    ['198,50', 19_850],
    ['198.50', 19_850],
    ['R$ 198,50', 19_850],
    ['r$198,5', 19_850],
    ['198.5', 19_850],
    [' 198 ', 19_800],
    ['R$ 50', 5_000],
    ['50', 5_000],
    ['0,99', 99],
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['12.345,00', 1_234_500],
    ['1.234.567', 123_456_700],
    ['1 234,56', 123_456],
  ])('reads %j as %i cents', (text, expected) => {
    expect(cents(text)).toBe(expected);
  });

  it.each(['1.234', '1,234', '999.000', '0,500'])('refuses %j as ambiguous', (text) => {
    expect(cents(text)).toBe(MONEY_MESSAGES.ambiguous);
  });

  it.each([
    '',
    '   ',
    'abc',
    '-10',
    '+10',
    '10,',
    ',50',
    '1,2,3',
    '1.23.4',
    '12,345',
    '1.2345,00',
    '10,123',
    'R$',
    '1e3',
    '0x10',
    '12.34.56,00',
  ])('refuses %j', (text) => {
    expect(typeof cents(text)).toBe('string');
  });

  it('refuses amounts past R$ 10 milhões', () => {
    expect(cents('10.000.000,01')).toBe(MONEY_MESSAGES.tooLarge);
    expect(cents('99999999999999999999')).toBe(MONEY_MESSAGES.tooLarge);
    expect(cents('10.000.000')).toBe(1_000_000_000);
  });
});
