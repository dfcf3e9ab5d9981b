// Runs in Node without a DOM: the storefront renders pages on the server and imports the
// same modules, so nothing may touch `window` or storage on import or on read.
import { afterEach, describe, expect, it } from 'vitest';
import { logError } from './error-log.ts';
import { navigate } from './navigation.ts';
import { $authState, $googleRedirecting, $redirectAfterLogin, $user, sessionId } from './session.ts';
import { startVersionGate } from './version.ts';

afterEach(() => {
  $user.set(null);
});

describe('server-side rendering', () => {
  it('has no window here', () => {
    expect(typeof window).toBe('undefined');
  });

  it('imports and reads every store without a DOM', () => {
    expect($authState.get()).toBe('loading');
    expect($user.get()).toBeNull();
    expect($redirectAfterLogin.get()).toBeNull();
    expect($googleRedirecting.get()).toBe(false);
  });

  it('keeps values in memory when there is no storage', () => {
    const user = { id: 1, user: 'a@b.com' };
    $user.set(user);
    expect($user.get()).toBe(user);
  });

  it('runs the browser-only entry points as no-ops', () => {
    expect(() => navigate('/')).not.toThrow();
    expect(startVersionGate()).toBeTypeOf('function');
    expect(logError(new Error('no servidor'))?.message).toBe('no servidor');
    // One process renders for every visitor, so ids are never shared.
    expect(sessionId()).not.toBe(sessionId());
  });
});
