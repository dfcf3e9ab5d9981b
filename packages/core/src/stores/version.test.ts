// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from './navigation.ts';
import { $sessionToken, $user } from './session.ts';
import { APP_VERSION, checkAppVersion, startVersionGate, VERSION_CHECK_INTERVAL_MS } from './version.ts';

let navigations: string[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigations = [];
  setNavigator((url) => navigations.push(url));
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  setNavigator(null);
  cleanStores($user, $sessionToken);
});

describe('version gate', () => {
  it('stores the version on a first visit and keeps the session', () => {
    expect(APP_VERSION).toBe('1.0.3');
    localStorage.setItem('plateia:token', 'tok');
    expect(checkAppVersion()).toBe('stored');
    expect(localStorage.getItem('plateia:appVersion')).toBe('1.0.3');
    expect(checkAppVersion()).toBe('current');
    expect(localStorage.getItem('plateia:token')).toBe('tok');
    expect(navigations).toEqual([]);
  });

  it('logs out and redirects when the stored version differs', () => {
    localStorage.setItem('plateia:appVersion', '1.0.2');
    localStorage.setItem('plateia:user', JSON.stringify({ id: 1, user: 'a@b.com' }));
    localStorage.setItem('plateia:token', 'tok');
    localStorage.setItem('plateia:cart', '[]');
    localStorage.setItem('outro', 'fica');
    sessionStorage.setItem('plateia:sessionId', 'abc');
    $sessionToken.set('tok');
    const stop = startVersionGate();
    expect(navigations).toEqual(['/?forcedLogout=true']);
    expect(Object.keys(localStorage)).toEqual(['outro']);
    expect(sessionStorage.length).toBe(0);
    expect($sessionToken.get()).toBeNull();
    expect($user.get()).toBeNull();
    stop();
  });

  it('checks again every 60 seconds until stopped', () => {
    const stop = startVersionGate();
    expect(localStorage.getItem('plateia:appVersion')).toBe('1.0.3');
    // Another tab ran an older build and wrote its version.
    localStorage.setItem('plateia:appVersion', '0.9.0');
    vi.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS - 1);
    expect(navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(navigations).toEqual(['/?forcedLogout=true']);
    vi.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS * 3);
    expect(navigations).toHaveLength(1);
    stop();
    localStorage.setItem('plateia:appVersion', '0.9.0');
    const stopAgain = startVersionGate();
    stopAgain();
    localStorage.setItem('plateia:appVersion', '0.8.0');
    vi.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS * 2);
    expect(navigations).toHaveLength(2);
  });
});
