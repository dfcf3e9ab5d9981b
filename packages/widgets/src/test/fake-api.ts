/**
 * A stand-in for the API host, plugged into core through `configureApi({ fetch })`, so
 * widget tests run without a network and can choose each answer.
 */
import { configureApi } from '@plateia/core/api/client';
import { setNavigator } from '@plateia/core/stores/navigation';
import { $sessionToken, $user, initSession } from '@plateia/core/stores/session';
import { vi } from 'vitest';

/** A customer record as the API host answers it. */
export const DEMO_USER = { id: 7, user: 'cliente@plateia.dev', avatar: '', isadmin: '0', namef: 'Ana' };

/** Answers the fake API gives, per call, changeable by each test. */
export interface FakeApiAnswers {
  loginStatus: number;
  recoveryStatus: number;
}

/** Installs the fake API and a navigation spy; returns them for assertions. */
export function installFakeApi(overrides: Partial<FakeApiAnswers> = {}) {
  const answers: FakeApiAnswers = { loginStatus: 200, recoveryStatus: 200, ...overrides };
  const calls: string[] = [];
  const json = (status: number, body: unknown): Response =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: Request | URL | string) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.pathname);
    if (url.pathname.startsWith('/getsalt/')) return json(200, { msg: 'sal-fixo' });
    if (url.pathname.startsWith('/login/')) {
      return answers.loginStatus === 200
        ? json(200, { data: DEMO_USER, token: 'token-de-teste' })
        : json(answers.loginStatus, { error: 'login', message: 'falhou' });
    }
    if (url.pathname.startsWith('/pwrecovery/')) return json(answers.recoveryStatus, {});
    if (url.pathname === '/logout') return json(200, {});
    return json(404, { error: 'not_found', message: 'Não encontrado' });
  });
  configureApi({ baseUrl: 'http://api.test', fetch });
  const navigations: string[] = [];
  setNavigator((url) => navigations.push(url));
  localStorage.clear();
  sessionStorage.clear();
  $user.set(null);
  $sessionToken.set(null);
  initSession();
  return { answers, calls, fetch, navigations };
}

/** Puts core back as it was. */
export function uninstallFakeApi(): void {
  configureApi({});
  setNavigator(null);
  $user.set(null);
  $sessionToken.set(null);
  localStorage.clear();
}
