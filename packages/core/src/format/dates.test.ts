import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  eventDateBadge,
  formatDate,
  formatDateTime,
  formatDateTimeWithSeconds,
  formatDayMonth,
  formatEventDateLong,
  formatEventDateShort,
  formatTime,
  formatTimeWithSeconds,
  toDate,
} from './dates.ts';

// 02:30 UTC on 28 November is 23:30 on the 27th in São Paulo (UTC-3, no daylight saving).
const LATE_EVENING = '2026-11-28T02:30:05.000Z';

describe('dates and times on Brasília time', () => {
  it('writes a 02:30 UTC instant as the previous day, 23:30, in every shape', () => {
    expect(formatDate(LATE_EVENING)).toBe('27/11/2026');
    expect(formatDayMonth(LATE_EVENING)).toBe('27/11');
    expect(formatTime(LATE_EVENING)).toBe('23:30');
    expect(formatTimeWithSeconds(LATE_EVENING)).toBe('23:30:05');
    expect(formatDateTime(LATE_EVENING)).toBe('27/11/2026, 23:30');
    expect(formatDateTimeWithSeconds(LATE_EVENING)).toBe('27/11/2026, 23:30:05');
    expect(formatEventDateShort(LATE_EVENING)).toBe('sex., 27 de nov. · 23:30');
    expect(formatEventDateLong(LATE_EVENING)).toBe('sexta-feira, 27 de novembro de 2026, às 23:30');
    expect(eventDateBadge(LATE_EVENING)).toEqual({ day: '27', month: 'NOV' });
  });

  it('takes a Date, an ISO string or epoch milliseconds alike', () => {
    const ms = Date.parse(LATE_EVENING);
    expect(formatDateTime(new Date(ms))).toBe('27/11/2026, 23:30');
    expect(formatDateTime(ms)).toBe('27/11/2026, 23:30');
    expect(formatEventDateShort('2026-12-15T14:00:00.000Z')).toBe('ter., 15 de dez. · 11:00');
    expect(eventDateBadge('2027-01-01T01:00:00.000Z')).toEqual({ day: '31', month: 'DEZ' });
  });

  it('leaves what is not a date empty instead of printing "Invalid Date"', () => {
    for (const value of ['amanhã', '', null, undefined, Number.NaN, new Date('x')]) {
      expect(toDate(value)).toBeNull();
      expect(formatDateTime(value)).toBe('');
      expect(formatEventDateLong(value)).toBe('');
      expect(eventDateBadge(value)).toBeNull();
    }
  });

  it('gives the same text whatever zone the process runs in', () => {
    const script = `import('./dates.ts').then((d) => process.stdout.write(
      [d.formatDateTimeWithSeconds('${LATE_EVENING}'), d.formatEventDateShort('${LATE_EVENING}'),
       new Date('${LATE_EVENING}').getDate()].join('|')))`;
    const run = (TZ: string) =>
      execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: import.meta.dirname,
        env: { ...process.env, TZ },
        encoding: 'utf8',
      });
    // The last field is the process's own calendar day: proof each run had its zone.
    expect(run('UTC')).toBe('27/11/2026, 23:30:05|sex., 27 de nov. · 23:30|28');
    expect(run('Asia/Tokyo')).toBe('27/11/2026, 23:30:05|sex., 27 de nov. · 23:30|28');
    expect(run('America/Los_Angeles')).toBe('27/11/2026, 23:30:05|sex., 27 de nov. · 23:30|27');
  });
});
