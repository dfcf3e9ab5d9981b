import { describe, expect, it } from 'vitest';
import { isDevelopmentEnv, isLoopbackAddress } from './site-config.ts';

describe('deployment mode', () => {
  it('is development only when NODE_ENV is development', () => {
    expect(isDevelopmentEnv({ NODE_ENV: 'development' })).toBe(true);
    expect(isDevelopmentEnv({ NODE_ENV: ' development ' })).toBe(true);
    for (const mode of [undefined, '', 'test', 'production', 'prod', 'staging', 'Development']) {
      expect(isDevelopmentEnv({ NODE_ENV: mode })).toBe(false);
    }
  });

  it('knows a loopback client address', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '1127.0.0.1',
      '127.0.0.1.example.com',
    ]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});
