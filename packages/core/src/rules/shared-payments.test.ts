import { describe, expect, it } from 'vitest';
import {
  defaultTicketSplit,
  groupHoldLimit,
  maskEmail,
  type ShareDraft,
  sharedPaymentClosesAt,
  sharedPaymentDeadline,
  splitEvenly,
  validateShares,
} from './shared-payments.ts';

describe('splitEvenly', () => {
  it('adds up to the total, leftover cents to the first shares', () => {
    expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEvenly(1001, 3)).toEqual([334, 334, 333]);
    expect(splitEvenly(900, 3)).toEqual([300, 300, 300]);
  });
  it('refuses what cannot be split', () => {
    expect(splitEvenly(100, 0)).toEqual([]);
    expect(splitEvenly(10.5, 2)).toEqual([]);
  });
});

describe('defaultTicketSplit', () => {
  it('gives each friend one ticket and the rest to the leader', () => {
    expect(defaultTicketSplit(3, 3)).toEqual([1, 1, 1]);
    expect(defaultTicketSplit(5, 3)).toEqual([3, 1, 1]);
    expect(defaultTicketSplit(1, 3)).toEqual([0, 1, 0]);
  });
});

describe('validateShares', () => {
  const totals = { totalCents: 30000, ticketCount: 3, leaderEmail: 'Lider@x.com' };
  const ok: [ShareDraft, ShareDraft, ShareDraft] = [
    { email: 'lider@x.com', amountCents: 10000, tickets: 1 },
    { email: 'a@x.com', amountCents: 10000, tickets: 1 },
    { email: 'b@x.com', amountCents: 10000, tickets: 1 },
  ];
  it('accepts a split that adds up', () => {
    expect(validateShares(ok, totals)).toBeNull();
  });
  it('names what is wrong', () => {
    expect(validateShares(ok.slice(0, 1), totals)).toMatch(/pelo menos um amigo/);
    expect(validateShares([ok[0], { ...ok[1], email: 'LIDER@x.com' }, ok[2]], totals)).toMatch(
      /mais de uma vez/,
    );
    expect(validateShares([ok[0], { ...ok[1], amountCents: 99 }, ok[2]], totals)).toMatch(/pelo menos R\$/);
    expect(validateShares([ok[0], { ...ok[1], amountCents: 9999 }, ok[2]], totals)).toMatch(
      /somam R\$ 299,99/,
    );
    expect(validateShares([ok[1], ok[0], ok[2]], totals)).toBe('A primeira parte é a sua.');
    expect(validateShares([ok[0], { ...ok[1], tickets: 2 }, ok[2]], totals)).toMatch(/somam 4/);
    expect(validateShares([ok[0], { ...ok[1], email: 'nope' }, ok[2]], totals)).toMatch(/e-mail válido/);
    expect(validateShares([ok[0], { ...ok[1], email: ' ' }, ok[2]], totals)).toBe(
      'Informe o e-mail de cada amigo.',
    );
  });
});

describe('sharedPaymentDeadline', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  it('defaults to 24 hours', () => {
    expect(sharedPaymentDeadline(now, new Date('2026-12-20T20:00:00Z'))?.toISOString()).toBe(
      '2026-12-02T12:00:00.000Z',
    );
  });
  it('never goes past 72 hours nor 24 hours before the event', () => {
    expect(
      sharedPaymentDeadline(
        now,
        new Date('2026-12-20T20:00:00Z'),
        new Date('2026-12-10T00:00:00Z'),
      )?.toISOString(),
    ).toBe('2026-12-04T12:00:00.000Z');
    expect(sharedPaymentDeadline(now, new Date('2026-12-02T20:00:00Z'))?.toISOString()).toBe(
      '2026-12-01T20:00:00.000Z',
    );
  });
  it('refuses a window under 30 minutes', () => {
    expect(sharedPaymentDeadline(now, new Date('2026-12-02T12:20:00Z'))).toBeNull();
  });
  it('closes an hour after the deadline', () => {
    expect(sharedPaymentClosesAt(new Date('2026-12-02T12:00:00Z')).toISOString()).toBe(
      '2026-12-02T13:00:00.000Z',
    );
  });
});

describe('groupHoldLimit and maskEmail', () => {
  it('caps group orders at 10% of capacity, at least 10', () => {
    expect(groupHoldLimit(1000)).toBe(100);
    expect(groupHoldLimit(50)).toBe(10);
  });
  it('masks the local part', () => {
    expect(maskEmail('joana@gmail.com')).toBe('j***@gmail.com');
  });
});
