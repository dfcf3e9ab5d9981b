import { describe, expect, it } from 'vitest';
import {
  formatErrorLogLine,
  MAX_ERROR_REPORT_BYTES,
  parseErrorReport,
  stripQueriesInText,
  stripQueryAndFragment,
} from './error-report.ts';

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

describe('tokens in reported addresses', () => {
  it('logs the page address without its query or fragment', () => {
    expect(stripQueryAndFragment('http://localhost:4321/recuperar-senha?token=SEGREDO')).toBe(
      'http://localhost:4321/recuperar-senha',
    );
    expect(stripQueryAndFragment('https://plateia.dev/auth/callback#token=SEGREDO')).toBe(
      'https://plateia.dev/auth/callback',
    );
    expect(stripQueryAndFragment('/verificar-email?token=SEGREDO#x')).toBe('/verificar-email');
  });

  it('removes queries and fragments from addresses quoted in messages and stacks, keeping line numbers', () => {
    expect(stripQueriesInText('Falhou em http://h/recuperar-senha?token=SEGREDO agora')).toBe(
      'Falhou em http://h/recuperar-senha agora',
    );
    expect(stripQueriesInText('at f (http://h/_astro/a.js?v=SEGREDO:10:5)')).toBe(
      'at f (http://h/_astro/a.js:10:5)',
    );
    expect(stripQueriesInText("fetch '/api/x#token=SEGREDO' falhou")).toBe("fetch '/api/x' falhou");
    expect(stripQueriesInText('nada a tirar: a.js:1:1')).toBe('nada a tirar: a.js:1:1');
  });

  it('never writes a recovery or session token into the log line', () => {
    const posted = {
      ...entry,
      url: 'http://localhost:4321/recuperar-senha?token=SEGREDO-RECUPERACAO#token=SEGREDO-SESSAO',
      message: 'Erro ao abrir http://localhost:4321/recuperar-senha?token=SEGREDO-RECUPERACAO',
      stack: 'Error\n    at go (http://localhost:4321/auth/callback#token=SEGREDO-SESSAO:3:7)',
      context: {
        href: '/recuperar-senha?token=SEGREDO-RECUPERACAO',
        nested: { to: '/x#token=SEGREDO-SESSAO' },
      },
    };
    const result = parseErrorReport(JSON.stringify(posted));
    if (!result.ok) throw new Error(result.reason);
    const line = formatErrorLogLine(result.entry, new Date());
    expect(line).not.toContain('SEGREDO');
    expect(JSON.parse(line)).toMatchObject({
      url: 'http://localhost:4321/recuperar-senha',
      context: { href: '/recuperar-senha', nested: { to: '/x' } },
    });
  });
});
