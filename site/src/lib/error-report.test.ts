import { describe, expect, it } from 'vitest';
import { formatErrorLogLine, MAX_ERROR_REPORT_BYTES, parseErrorReport } from './error-report.ts';

const entry = {
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read…\n    at x (a.js:1:1)',
  type: 'error',
  url: 'http://localhost:4321/cadastro',
  userAgent: 'Mozilla/5.0',
  timestamp: '2026-11-21T05:00:00.000Z',
  context: { filename: 'a.js', lineno: 1 },
};

describe('parseErrorReport', () => {
  it('accepts core error-log entries, with or without the optional fields', () => {
    expect(parseErrorReport(JSON.stringify(entry))).toEqual({ ok: true, entry });
    const { stack: _stack, context: _context, ...minimal } = entry;
    expect(parseErrorReport(JSON.stringify(minimal)).ok).toBe(true);
  });

  it('keeps only the known fields', () => {
    const result = parseErrorReport(JSON.stringify({ ...entry, password: 'x' }));
    expect(result.ok && 'password' in result.entry).toBe(false);
  });

  it.each([
    ['not JSON', '{message'],
    ['an array', '[]'],
    ['a missing message', JSON.stringify({ ...entry, message: undefined })],
    ['an empty message', JSON.stringify({ ...entry, message: '' })],
    ['a numeric message', JSON.stringify({ ...entry, message: 1 })],
    ['a missing url', JSON.stringify({ ...entry, url: undefined })],
    ['a bad timestamp', JSON.stringify({ ...entry, timestamp: 'ontem' })],
    ['a context that is not an object', JSON.stringify({ ...entry, context: 'x' })],
    ['an oversized message', JSON.stringify({ ...entry, message: 'x'.repeat(2001) })],
    ['an oversized body', JSON.stringify({ ...entry, context: { pad: 'x'.repeat(MAX_ERROR_REPORT_BYTES) } })],
  ])('refuses %s', (_name, body) => {
    expect(parseErrorReport(body).ok).toBe(false);
  });
});

describe('formatErrorLogLine', () => {
  it('writes one JSON line marked as a browser error', () => {
    const line = formatErrorLogLine(entry, new Date('2026-11-21T06:00:00.000Z'));
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({
      level: 'error',
      source: 'browser',
      receivedAt: '2026-11-21T06:00:00.000Z',
      message: entry.message,
    });
  });
});
