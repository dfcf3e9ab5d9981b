// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { SessionSummary } from '../contracts/sessions.ts';
import { SESSION_LIST_MESSAGES } from '../messages/sessions.ts';
import { fakeRoutes, json } from '../test/fake-api.ts';
import { clearFetcherCache } from './fetcher.ts';
import { $user } from './session.ts';
import { $sessionRevoke, $sessions } from './sessions.ts';
import { $toasts, clearToasts } from './toasts.ts';

const session = (id: number, current = false): SessionSummary => ({
  id,
  current,
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/120.0',
  createdAt: '2026-11-24T09:00:00.000Z',
  lastUsedAt: '2026-11-24T10:00:00.000Z',
});

beforeEach(() => {
  $user.set({ id: 7, user: 'ana@x.com' });
  clearToasts();
});

afterEach(() => {
  cleanStores($sessions, $sessionRevoke, $toasts);
  clearFetcherCache();
  configureApi({});
  $user.set(null);
});

describe('the session list', () => {
  it('lists the account sessions, and ending another one reads the list again', async () => {
    let live = [session(1, true), session(2)];
    const calls = fakeRoutes({
      'GET /customer/sessions': () => json(200, { data: live }),
      'POST /customer/sessions/2/revoke': () => {
        live = [session(1, true)];
        return json(200, { ok: true });
      },
    });
    const unbind = $sessions.listen(() => {});
    const unbindRevoke = $sessionRevoke.listen(() => {});
    await allTasks();
    expect($sessions.get().data?.map((s) => s.id)).toEqual([1, 2]);
    await $sessionRevoke.mutate(session(2));
    await allTasks();
    expect($toasts.get().at(-1)?.message).toBe(SESSION_LIST_MESSAGES.revoked);
    expect($sessions.get().data?.map((s) => s.id)).toEqual([1]);
    expect($user.get()).not.toBeNull();
    expect(calls.filter((c) => c.path === '/customer/sessions')).toHaveLength(2);
    unbind();
    unbindRevoke();
  });

  it('toasts the API host reason when a session cannot be ended', async () => {
    fakeRoutes({
      'GET /customer/sessions': () => json(200, { data: [session(1, true)] }),
      'POST /customer/sessions/9/revoke': () =>
        json(404, { error: 'not_found', message: 'Sessão não encontrada.' }),
    });
    const unbind = $sessionRevoke.listen(() => {});
    expect(await $sessionRevoke.mutate(session(9))).toBeUndefined();
    expect($toasts.get().at(-1)).toMatchObject({ kind: 'error', message: 'Sessão não encontrada.' });
    unbind();
  });

  it('asks nothing without a session', async () => {
    $user.set(null);
    const calls = fakeRoutes({});
    const unbind = $sessions.listen(() => {});
    await allTasks();
    expect(calls).toHaveLength(0);
    unbind();
  });
});
