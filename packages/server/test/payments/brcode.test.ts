import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  brCodeSvg,
  buildBrCode,
  crc16,
  formatEmvAmount,
  normalizeEmvText,
  parseBrCode,
} from '../../src/payments/pix/brcode.ts';

// The BCB manual's examples (Manual de Padrões para Iniciação do Pix): a static code with a
// random key and no amount, and a dynamic one pointing at a payload location.
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';

function acceptedByPixUtils(code: string) {
  const parsed = parsePix(code);
  expect(hasError(parsed), `pix-utils rejected ${code}`).toBe(false);
  // The parsed fields differ by code type; the tests read the ones each type has.
  return parsed as unknown as Record<string, unknown>;
}

describe('BR Code', () => {
  it('reproduces the manual static example bit for bit', () => {
    const code = buildBrCode({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(MANUAL_STATIC);
  });

  it('reproduces the manual dynamic example bit for bit', () => {
    const code = buildBrCode({
      location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(MANUAL_DYNAMIC);
  });

  it('computes CRC16-CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16('')).toBe('FFFF');
  });

  it('formats amounts from cents without floating point', () => {
    expect(formatEmvAmount(1)).toBe('0.01');
    expect(formatEmvAmount(10050)).toBe('100.50');
    expect(formatEmvAmount(123456789)).toBe('1234567.89');
    expect(() => formatEmvAmount(0)).toThrow(RangeError);
    expect(() => formatEmvAmount(1.5)).toThrow(RangeError);
  });

  it('strips accents and cuts name (25) and city (15)', () => {
    expect(normalizeEmvText('São João   d’Aliança', 25)).toBe('Sao Joao dAlianca');
    const code = buildBrCode({
      key: 'financeiro@plateia.dev',
      amountCents: 3334,
      merchantName: 'Associação Cultural Plateia Eventos Ltda',
      merchantCity: 'São José dos Campos',
      txid: 'PLT123abc',
    });
    const fields = parseBrCode(code)!;
    expect(fields.get('59')).toBe('Associacao Cultural Plate');
    expect(fields.get('60')).toBe('Sao Jose dos Ca');
    expect(fields.get('54')).toBe('33.34');
    expect(fields.get('62')).toBe('0509PLT123abc');
    const parsed = acceptedByPixUtils(code);
    expect(parsed.merchantName).toBe('Associacao Cultural Plate');
    expect(parsed.transactionAmount).toBe(33.34);
  });

  it('has every generated code accepted by pix-utils, CRC included', () => {
    const samples = [
      buildBrCode({ key: '+5511999998888', merchantName: 'Plateia', merchantCity: 'Sao Paulo' }),
      buildBrCode({
        key: '12345678909',
        description: 'Pedido 42 — ingressos do Festival de Verão',
        amountCents: 1,
        merchantName: 'Plateia',
        merchantCity: 'Recife',
        txid: 'ORDER42',
      }),
      buildBrCode({
        location: 'psp.local/qr/v2/cob/0f5c1a2b3c4d',
        amountCents: 15000,
        merchantName: 'Plateia Ingressos',
        merchantCity: 'Belo Horizonte',
      }),
    ];
    for (const code of samples) {
      const parsed = acceptedByPixUtils(code);
      const fields = parseBrCode(code)!;
      // pix-utils re-encodes in upper case, so compare what it read rather than its output.
      expect(parsed.merchantName).toBe(fields.get('59'));
      expect(parsed.merchantCity).toBe(fields.get('60'));
    }
    const dynamic = acceptedByPixUtils(samples[2]!);
    expect(dynamic.type).toBe('DYNAMIC');
  });

  it('rejects a tampered code and input the layout cannot hold', () => {
    const tampered = MANUAL_STATIC.replace('Fulano', 'Fulana');
    expect(parseBrCode(tampered)).toBeNull();
    expect(hasError(parsePix(tampered))).toBe(true);
    expect(() => buildBrCode({ merchantName: 'x', merchantCity: 'y' })).toThrow(RangeError);
    expect(() => buildBrCode({ key: 'k', location: 'l', merchantName: 'x', merchantCity: 'y' })).toThrow(
      RangeError,
    );
    expect(() => buildBrCode({ key: 'k', merchantName: 'x', merchantCity: 'y', txid: 'com espaço' })).toThrow(
      RangeError,
    );
  });

  it('draws the QR as SVG', () => {
    const svg = brCodeSvg(MANUAL_STATIC);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('</svg>');
  });
});
