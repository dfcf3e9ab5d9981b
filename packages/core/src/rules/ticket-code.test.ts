import { createHmac } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  base64UrlToBytes,
  bytesToBase64Url,
  checkTicketCode,
  decodeTicketPayload,
  deriveTicketSecret,
  encodeTicketPayload,
  msLeftInStep,
  TICKET_CODE_DIGITS,
  TICKET_CODE_STEP_SECONDS,
  TICKET_CODE_WINDOW,
  ticketCodeAt,
  ticketCodeStep,
  ticketTotp,
} from './ticket-code.ts';

// RFC 6238 / RFC 4226 test secret (SHA1).
const RFC_SECRET = new TextEncoder().encode('12345678901234567890');
const eventKey = Uint8Array.from({ length: 32 }, (_, index) => index);

describe('TOTP configuration (RFC 6238 and RFC 4226 vectors)', () => {
  it('reproduces the RFC 6238 SHA1 vectors with the library at 30 s and 8 digits', () => {
    const rfc = new TOTP({
      algorithm: 'SHA1',
      digits: 8,
      period: 30,
      secret: new Secret({ buffer: RFC_SECRET.slice().buffer }),
    });
    expect(rfc.generate({ timestamp: 59_000 })).toBe('94287082');
    expect(rfc.generate({ timestamp: 1_111_111_109_000 })).toBe('07081804');
    expect(rfc.generate({ timestamp: 1_111_111_111_000 })).toBe('14050471');
    expect(rfc.generate({ timestamp: 1_234_567_890_000 })).toBe('89005924');
    expect(rfc.generate({ timestamp: 2_000_000_000_000 })).toBe('69279037');
    expect(rfc.generate({ timestamp: 20_000_000_000_000 })).toBe('65353130');
  });

  it('uses SHA1, 6 digits and a 15 s step: RFC 4226 HOTP values at counter = floor(t / 15)', () => {
    expect(TICKET_CODE_STEP_SECONDS).toBe(15);
    expect(TICKET_CODE_DIGITS).toBe(6);
    expect(TICKET_CODE_WINDOW).toBe(1);
    const totp = ticketTotp(RFC_SECRET);
    expect(totp.algorithm).toBe('SHA1');
    expect(totp.period).toBe(15);
    // RFC 4226 appendix D: counters 0..9.
    const hotp = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    hotp.forEach((code, counter) => {
      expect(ticketCodeAt(RFC_SECRET, counter * 15_000)).toBe(code);
      expect(ticketCodeAt(RFC_SECRET, counter * 15_000 + 14_999)).toBe(code);
    });
    expect(ticketCodeAt(RFC_SECRET, 59_000)).toBe('969429');
  });

  it('accepts the previous, current and next step and nothing further', () => {
    const at = 1_000_000 * 15_000 + 7_000;
    const step = 15_000;
    expect(checkTicketCode(RFC_SECRET, ticketCodeAt(RFC_SECRET, at), at)).toBe(true);
    expect(checkTicketCode(RFC_SECRET, ticketCodeAt(RFC_SECRET, at - step), at)).toBe(true);
    expect(checkTicketCode(RFC_SECRET, ticketCodeAt(RFC_SECRET, at + step), at)).toBe(true);
    const farCodes = [at - 2 * step, at + 2 * step, at - 10 * step].map((t) => ticketCodeAt(RFC_SECRET, t));
    const near = new Set([at - step, at, at + step].map((t) => ticketCodeAt(RFC_SECRET, t)));
    for (const code of farCodes)
      if (!near.has(code)) expect(checkTicketCode(RFC_SECRET, code, at)).toBe(false);
    expect(checkTicketCode(RFC_SECRET, '12345', at)).toBe(false);
    expect(checkTicketCode(RFC_SECRET, 'abcdef', at)).toBe(false);
  });

  it('counts steps and the time left in one', () => {
    expect(ticketCodeStep(0)).toBe(0);
    expect(ticketCodeStep(14_999)).toBe(0);
    expect(ticketCodeStep(15_000)).toBe(1);
    expect(msLeftInStep(0)).toBe(15_000);
    expect(msLeftInStep(14_999)).toBe(1);
    expect(msLeftInStep(20_000)).toBe(10_000);
  });
});

describe('per-ticket secret', () => {
  it('is the first 20 bytes of HMAC-SHA256(event key, "plateia-ticket:{id}:{version}")', async () => {
    const secret = await deriveTicketSecret(eventKey, 42, 1);
    const expected = createHmac('sha256', eventKey)
      .update('plateia-ticket:42:1', 'utf8')
      .digest()
      .subarray(0, 20);
    expect(secret).toHaveLength(20);
    expect(Buffer.from(secret).toString('hex')).toBe(expected.toString('hex'));
    // Pinned so other implementations (the door scanner) can check theirs: docs/tickets.md.
    expect(Buffer.from(secret).toString('hex')).toBe('c74e18353b587f102339d779f7a47b5e5ab53c24');
  });

  it('changes with the holder version: every code of the old holder stops working', async () => {
    const v1 = await deriveTicketSecret(eventKey, 42, 1);
    const v2 = await deriveTicketSecret(eventKey, 42, 2);
    expect(Buffer.from(v1).equals(Buffer.from(v2))).toBe(false);
    // Across a whole hour of steps, an old-version code passes the new secret only by a
    // 6-digit collision: count them instead of expecting none at all.
    let accepted = 0;
    for (let step = 0; step < 240; step++) {
      const at = 1_700_000_000_000 + step * 15_000;
      expect(checkTicketCode(v1, ticketCodeAt(v1, at), at)).toBe(true);
      if (checkTicketCode(v2, ticketCodeAt(v1, at), at)) accepted++;
    }
    expect(accepted).toBeLessThanOrEqual(1);
  });

  it('differs per ticket and per event key', async () => {
    const a = await deriveTicketSecret(eventKey, 42, 1);
    const b = await deriveTicketSecret(eventKey, 43, 1);
    const otherKey = eventKey.map((byte) => byte ^ 0xff);
    const c = await deriveTicketSecret(otherKey, 42, 1);
    expect(bytesToBase64Url(a)).not.toBe(bytesToBase64Url(b));
    expect(bytesToBase64Url(a)).not.toBe(bytesToBase64Url(c));
  });
});

describe('QR payload', () => {
  it('encodes and decodes PLT1.{ticket}.{version}.{code}', () => {
    const text = encodeTicketPayload({ ticketId: 42, holderVersion: 3, code: '012345' });
    expect(text).toBe('PLT1.42.3.012345');
    expect(decodeTicketPayload(text)).toEqual({ ticketId: 42, holderVersion: 3, code: '012345' });
  });

  it('rejects anything that is not exactly that shape', () => {
    for (const text of [
      '',
      'PLT1.42.3.12345',
      'PLT1.42.3.1234567',
      'PLT1.0.3.123456',
      'PLT1.42.0.123456',
      'PLT1.-1.3.123456',
      'PLT1.042.3.123456',
      'PLT1.4.2.3.123456',
      'PLT2.42.3.123456',
      'plt1.42.3.123456',
      ' PLT1.42.3.123456',
      'PLT1.42.3.123456\n',
      'PLT1.1.5e3.123456',
      'PLT1.99999999999.1.123456',
      'PLT1.4294967295.1.123456',
    ]) {
      expect(decodeTicketPayload(text), text).toBeNull();
    }
  });
});

describe('base64url', () => {
  it('round-trips bytes without padding', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0x00, 0x10, 0x3e]);
    const text = bytesToBase64Url(bytes);
    expect(text).toBe('-_8AED4');
    expect(Array.from(base64UrlToBytes(text))).toEqual(Array.from(bytes));
    expect(() => base64UrlToBytes('not base64!')).toThrow();
  });
});
