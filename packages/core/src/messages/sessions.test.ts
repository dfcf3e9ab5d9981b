import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './sessions.ts';

describe('describeUserAgent', () => {
  it('names the browser and the system in pt-BR', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
        'Chrome no Windows',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
        'Chrome no Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
        'Safari no iOS',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/128.0', 'Firefox no macOS'],
      [
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0',
        'Edge no Windows',
      ],
      ['curl/8.5.0', 'Dispositivo desconhecido'],
      ['', 'Dispositivo desconhecido'],
    ];
    for (const [ua, label] of cases) expect(describeUserAgent(ua)).toBe(label);
  });
});
