import { describe, expect, it } from 'vitest';
import { type CheckInTicket, type CheckInVerdict, decideScan, statusVerdict } from './check-in-decision.ts';
import { checkTicketCode, deriveTicketSecret, encodeTicketPayload, ticketCodeAt } from './ticket-code.ts';

const EVENT_KEY = new Uint8Array(32).map((_, index) => (index * 37 + 11) & 0xff);
const NOW = Date.UTC(2026, 10, 24, 21, 0, 0);

const manifest = new Map<number, CheckInTicket>([
  [101, { id: 101, holderVersion: 1, status: 'valid' }],
  [102, { id: 102, holderVersion: 3, status: 'valid' }],
  [103, { id: 103, holderVersion: 1, status: 'used' }],
  [104, { id: 104, holderVersion: 1, status: 'cancelled' }],
  [105, { id: 105, holderVersion: 2, status: 'transferred' }],
  [106, { id: 106, holderVersion: 1, status: 'resold' }],
  [107, { id: 107, holderVersion: 1, status: 'refunded' }],
  [108, { id: 108, holderVersion: 1, status: 'chargeback' }],
]);

// The real code check, as the scanner page runs it, at a fixed clock.
const context = (at = NOW) => ({
  findTicket: (id: number) => manifest.get(id),
  checkCode: async (id: number, holderVersion: number, code: string) =>
    checkTicketCode(await deriveTicketSecret(EVENT_KEY, id, holderVersion), code, at),
});

async function payload(ticketId: number, holderVersion: number, at = NOW): Promise<string> {
  const secret = await deriveTicketSecret(EVENT_KEY, ticketId, holderVersion);
  return encodeTicketPayload({ ticketId, holderVersion, code: ticketCodeAt(secret, at) });
}

describe('the door decision table', () => {
  it.each<[string, () => Promise<string>, CheckInVerdict]>([
    ['a live code of a valid ticket', () => payload(101, 1), 'admitted'],
    ['the previous 15 s code (a slow scan)', () => payload(101, 1, NOW - 15_000), 'admitted'],
    ['the next 15 s code (a clock a little ahead)', () => payload(101, 1, NOW + 15_000), 'admitted'],
    ['a code two steps old (a screenshot)', () => payload(101, 1, NOW - 30_000), 'invalid_code'],
    [
      'a made-up code',
      async () =>
        (await payload(101, 1)).replace(/\d{6}$/, (code) =>
          String((Number(code) + 1) % 1e6).padStart(6, '0'),
        ),
      'invalid_code',
    ],
    ['the holder version the ticket has now', () => payload(102, 3), 'admitted'],
    ['an older holder version (the ticket changed hands)', () => payload(102, 2), 'old_code'],
    ['a newer holder version than the manifest knows', () => payload(101, 2), 'admitted'],
    ['a used ticket', () => payload(103, 1), 'already_used'],
    ['a cancelled ticket', () => payload(104, 1), 'cancelled'],
    ['a transferred ticket at its current version', () => payload(105, 2), 'transferred'],
    ['a transferred ticket at an older version', () => payload(105, 1), 'old_code'],
    ['a resold ticket', () => payload(106, 1), 'resold'],
    ['a refunded ticket', () => payload(107, 1), 'refunded'],
    ['a status the door does not know', () => payload(108, 1), 'not_admissible'],
    ['a ticket of another event', () => payload(999, 1), 'wrong_event'],
    ['text that is not a ticket', async () => 'https://exemplo.com/ingresso', 'unreadable'],
    ['a payload with a short code', async () => 'PLT1.101.1.12345', 'unreadable'],
    ['an empty scan', async () => '', 'unreadable'],
  ])('%s: %s', async (_, scanned, verdict) => {
    const decision = await decideScan(await scanned(), context());
    expect(decision.verdict).toBe(verdict);
    expect(decision.admitted).toBe(verdict === 'admitted');
  });

  it('names the ticket and version it read, and nothing for unreadable text', async () => {
    expect(await decideScan(` ${await payload(102, 2)}\n`, context())).toEqual({
      verdict: 'old_code',
      admitted: false,
      ticketId: 102,
      holderVersion: 2,
    });
    expect(await decideScan('PLT2.1.1.123456', context())).toEqual({
      verdict: 'unreadable',
      admitted: false,
      ticketId: null,
      holderVersion: null,
    });
  });

  it('checks the status before the code, so a used ticket says so even with a stale screenshot', async () => {
    expect((await decideScan(await payload(103, 1, NOW - 600_000), context())).verdict).toBe('already_used');
  });

  it('does not call the code check for a ticket it already refuses', async () => {
    let checked = 0;
    const counting = {
      findTicket: (id: number) => manifest.get(id),
      checkCode: () => {
        checked++;
        return true;
      },
    };
    for (const text of ['PLT1.103.1.000000', 'PLT1.102.1.000000', 'PLT1.999.1.000000', 'nada']) {
      expect((await decideScan(text, counting)).admitted).toBe(false);
    }
    expect(checked).toBe(0);
    expect((await decideScan('PLT1.101.1.000000', counting)).verdict).toBe('admitted');
    expect(checked).toBe(1);
  });

  it('maps statuses to their own verdicts', () => {
    expect(statusVerdict('valid')).toBeNull();
    expect(statusVerdict('used')).toBe('already_used');
    expect(statusVerdict('refunded')).toBe('refunded');
    expect(statusVerdict('qualquer')).toBe('not_admissible');
  });
});
