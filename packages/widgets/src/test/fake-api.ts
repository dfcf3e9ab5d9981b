/**
 * Core's stand-in API host answering the login flow, plus a navigation spy and a clean
 * session, so widget tests run without a network and can choose each answer.
 */
import { configureApi } from '@plateia/core/api/client';
import { setNavigator } from '@plateia/core/stores/navigation';
import { $sessionToken, $user, initSession } from '@plateia/core/stores/session';
import { fakeApi, json, notFound } from '@plateia/core/testing/fake-api';

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
  const calls = fakeApi(({ path }) => {
    if (path.startsWith('/getsalt/')) return json(200, { msg: 'sal-fixo' });
    if (path.startsWith('/login/')) {
      return answers.loginStatus === 200
        ? json(200, { data: DEMO_USER, token: 'token-de-teste' })
        : json(answers.loginStatus, { error: 'login', message: 'falhou' });
    }
    if (path.startsWith('/pwrecovery/')) return json(answers.recoveryStatus, {});
    if (path === '/logout') return json(200, {});
    return notFound();
  });
  const navigations: string[] = [];
  setNavigator((url) => navigations.push(url));
  localStorage.clear();
  sessionStorage.clear();
  $user.set(null);
  $sessionToken.set(null);
  initSession();
  return { answers, calls, navigations };
}

/** Puts core back as it was. */
export function uninstallFakeApi(): void {
  configureApi({});
  setNavigator(null);
  $user.set(null);
  $sessionToken.set(null);
  localStorage.clear();
}
