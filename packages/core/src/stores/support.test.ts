// @vitest-environment happy-dom
import { allTasks, cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '../api/client.ts';
import type { SupportRequest } from '../contracts/support.ts';
import { SUPPORT_MESSAGES } from '../messages/support.ts';
import { fakeRoutes, json } from '../test/fake-api.ts';
import { clearFetcherCache } from './fetcher.ts';
import { $user } from './session.ts';
import {
  $supportRequests,
  $supportThread,
  createSupportRequest,
  openSupportThread,
  replyToSupport,
} from './support.ts';
import { $toasts, clearToasts } from './toasts.ts';

const request = (id: number, status: SupportRequest['status'] = 'open') =>
  ({
    id,
    subject: 'Ingresso não chegou',
    category: 'ingressos',
    categoryLabel: 'Ingressos',
    status,
    orderNumber: null,
    ticketId: null,
    created_at: '2026-11-24T09:00:00.000Z',
    updated_at: '2026-11-24T09:00:00.000Z',
  }) as unknown as SupportRequest;

/** Lets a key change reach its fetcher store (keys are batched over a timer) and the answer land. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await allTasks();
}

beforeEach(() => {
  $user.set({ id: 7, user: 'ana@x.com' });
  clearToasts();
});

afterEach(() => {
  cleanStores($supportRequests, $supportThread, $toasts);
  clearFetcherCache();
  configureApi({});
  $user.set(null);
});

describe('support requests', () => {
  it('lists them, and opening one reads the list again', async () => {
    const list = [request(1)];
    fakeRoutes({
      'GET /support/list': () => json(200, { requests: list }),
      'POST /support/create': () => {
        list.unshift(request(2));
        return json(200, { id: 2 });
      },
    });
    const unbind = $supportRequests.listen(() => {});
    await allTasks();
    expect($supportRequests.get().data?.map((r) => r.id)).toEqual([1]);
    const created = await createSupportRequest({ subject: 'Outro', category: 'conta', text: 'Ajuda' });
    expect(created).toEqual({ ok: true, value: 2 });
    await allTasks();
    expect($toasts.get().at(-1)?.message).toBe(SUPPORT_MESSAGES.created);
    expect($supportRequests.get().data?.map((r) => r.id)).toEqual([2, 1]);
    unbind();
  });

  it('shows a thread and reads it again after a reply', async () => {
    const messages = [
      { id: 1, author: 'customer', body: 'Oi', attachments: [], created_at: '2026-11-24T09:00:00.000Z' },
    ];
    const calls = fakeRoutes({
      'GET /support/5': () => json(200, { request: request(5), messages }),
      'POST /support/5/reply': (call) => {
        messages.push({ ...messages[0]!, id: 2, body: (call.body as { text: string }).text });
        return json(200, { ok: true });
      },
    });
    const unbind = $supportThread.listen(() => {});
    openSupportThread(5);
    await settle();
    expect($supportThread.get().data?.messages).toHaveLength(1);
    expect(await replyToSupport(5, 'Alguma novidade?')).toEqual({ ok: true, value: undefined });
    await allTasks();
    expect($supportThread.get().data?.messages.map((m) => m.body)).toEqual(['Oi', 'Alguma novidade?']);
    expect(calls.filter((c) => c.path === '/support/5')).toHaveLength(2);
    unbind();
  });

  it('answers the API host reason when a reply is refused', async () => {
    fakeRoutes({
      'POST /support/5/reply': () => json(409, { error: 'closed', message: SUPPORT_MESSAGES.closed }),
    });
    expect(await replyToSupport(5, 'Oi')).toEqual({ ok: false, message: SUPPORT_MESSAGES.closed });
    expect($toasts.get().at(-1)).toMatchObject({ kind: 'error', message: SUPPORT_MESSAGES.closed });
  });
});
