// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, type Fetcher } from '../api/client.ts';
import { setNavigator } from './navigation.ts';
import { $sessionToken, $user } from './session.ts';
import {
  APP_VERSION,
  checkAppVersion,
  FORCED_LOGOUT_REVOKE_WAIT_MS,
  startVersionGate,
  VERSION_CHECK_INTERVAL_MS,
} from './version.ts';

let navigations: string[];
let revoked: string[];
/** Answers POST /logout after `delay` ms (never when null), recording the bearer it carried. */
function apiHost(delay: number | null): Fetcher {
  return async (input, init) => {
    const request = new Request(input, init);
    revoked.push(
      `${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`,
    );
    if (delay === null) return new Promise<Response>(() => {});
    await new Promise((resolve) => setTimeout(resolve, delay));
    return new Response('{"success":true}', { headers: { 'content-type': 'application/json' } });
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigations = [];
  revoked = [];
  setNavigator((url) => navigations.push(url));
  configureApi({ baseUrl: 'https://api.test', fetch: apiHost(0) });
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

  it('logs out and redirects when the stored version differs', async () => {
    localStorage.setItem('plateia:appVersion', '1.0.2');
    localStorage.setItem('plateia:user', JSON.stringify({ id: 1, user: 'a@b.com' }));
    localStorage.setItem('plateia:token', 'tok');
    localStorage.setItem('plateia:cart', '[]');
    localStorage.setItem('outro', 'fica');
    sessionStorage.setItem('plateia:sessionId', 'abc');
    $sessionToken.set('tok');
    const stop = startVersionGate();
    await vi.waitFor(() => expect(navigations).toEqual(['/?forcedLogout=true']));
    expect(Object.keys(localStorage)).toEqual(['outro']);
    expect(sessionStorage.length).toBe(0);
    expect($sessionToken.get()).toBeNull();
    expect($user.get()).toBeNull();
    stop();
  });

  it('revokes the token on the API host before leaving', async () => {
    configureApi({ baseUrl: 'https://api.test', fetch: apiHost(300) });
    localStorage.setItem('plateia:appVersion', '1.0.2');
    $sessionToken.set('tok-abc');
    expect(checkAppVersion()).toBe('forcedLogout');
    // Forgotten here at once; the page leaves when the API host has answered.
    expect($sessionToken.get()).toBeNull();
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(revoked).toEqual(['POST /logout Bearer tok-abc']);
    expect(navigations).toEqual(['/?forcedLogout=true']);
  });

  it('leaves anyway when the API host does not answer', async () => {
    configureApi({ baseUrl: 'https://api.test', fetch: apiHost(null) });
    localStorage.setItem('plateia:appVersion', '1.0.2');
    $sessionToken.set('tok-abc');
    checkAppVersion();
    await vi.advanceTimersByTimeAsync(FORCED_LOGOUT_REVOKE_WAIT_MS - 1);
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigations).toEqual(['/?forcedLogout=true']);
    expect(revoked).toHaveLength(1);
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
