import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const email of [
      'cliente@plateia.dev',
      'joao.silva+ingressos@exemplo.com.br',
      'a_b-c@sub.dominio.org',
      '  espacos@exemplo.com  ',
      'UPPER@EXEMPLO.COM',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('rejects malformed addresses', () => {
    for (const email of [
      '',
      '   ',
      'sem-arroba.com',
      '@exemplo.com',
      'cliente@',
      'cliente@exemplo',
      'cliente@@exemplo.com',
      'cli@ente@exemplo.com',
      'cli ente@exemplo.com',
      '.cliente@exemplo.com',
      'cliente.@exemplo.com',
      'cli..ente@exemplo.com',
      'cliente@-exemplo.com',
      'cliente@exemplo..com',
      'cliente@exemplo.c',
      'cliente@exemplo.123',
      `${'a'.repeat(65)}@exemplo.com`,
      `cliente@${'a'.repeat(250)}.com`,
      'cliente@exemplo.com/../x',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('accepts at most 254 characters, the longest address SMTP carries', () => {
    const domain = `${'a'.repeat(60)}.`.repeat(4);
    expect(isValidEmail(`cliente@${domain}co`)).toBe(true);
    expect(isValidEmail(`cliente@${domain}com`)).toBe(false);
    expect(isValidEmail(`  cliente@${domain}co  `)).toBe(true);
  });

  it('rejects non-strings', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
    expect(isValidEmail({})).toBe(false);
  });
});
