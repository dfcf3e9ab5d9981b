// @vitest-environment happy-dom
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, configureApi } from '../api/client.ts';
import type { ServerChatMessage } from '../contracts/chat.ts';
import { type ApiCall, fakeRoutes, json } from '../test/fake-api.ts';
import {
  $chatConnection,
  $chatHasMore,
  $chatMessages,
  $chatPushEnabled,
  $unreadCounts,
  closeChat,
  loadOlderMessages,
  openChat,
  resetChatLimiter,
  sendMessage,
  startUnreadCounts,
  stopUnreadCounts,
} from './chat.ts';
import { $user } from './session.ts';

const ROOM = 'dm-1-2';
let nextId = 100;
const msg = (over: Partial<ServerChatMessage>): ServerChatMessage => ({
  id: nextId++,
  user_id: 2,
  dst_userId: 1,
  chatRoomId: ROOM,
  content: 'oi',
  created_at: new Date().toISOString(),
  dst_read: 0,
  messageId: null,
  isSystem: false,
  ...over,
});

describe('chat store', () => {
  let history: ServerChatMessage[];
  let polled: ServerChatMessage[];
  let pollStatus: number;
  let calls: ApiCall[];
  const polls = () => calls.filter((c) => c.path === '/api/chat/messages');

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-20T12:00:00.000Z'));
    $user.set({ id: 1, user: 'ana@x.com' });
    // Polling is the contract; the push stream has its own test below.
    $chatPushEnabled.set(false);
    history = [];
    polled = [];
    pollStatus = 200;
    calls = fakeRoutes({
      'POST /chat/history': () => json(200, { messages: history }),
      'GET /api/chat/messages': () => {
        if (pollStatus !== 200) return json(pollStatus, { error: 'x', message: 'x' });
        const answer = polled;
        polled = [];
        return json(200, { messages: answer });
      },
      'POST /api/chat/read': () => json(200, { success: true, updated: 1 }),
      'POST /api/chat/send': (call) =>
        json(200, {
          messageId: (call.body as { messageId: string }).messageId,
          message: msg({ user_id: 1, dst_userId: 2 }),
        }),
      'GET /api/chat/unread/1': () =>
        json(200, { unreadCounts: [{ userId: 2, chatRoomId: ROOM, count: 3 }] }),
    });
  });
  afterEach(() => {
    closeChat();
    stopUnreadCounts();
    resetChatLimiter();
    cleanStores($chatMessages, $chatConnection, $unreadCounts);
    $user.set(null);
    configureApi({});
    vi.useRealTimers();
  });

  it('stays disconnected without a user', async () => {
    $user.set(null);
    await openChat(2);
    expect($chatConnection.get()).toBe('disconnected');
    expect(calls).toEqual([]);
  });

  it('loads history with the spec statuses, marks received unread as read, then polls every 5 s', async () => {
    history = [
      msg({ user_id: 1, dst_userId: 2, dst_read: 1, messageId: 'a', content: 'lida' }),
      msg({ user_id: 1, dst_userId: 2, dst_read: 0, messageId: 'b', content: 'entregue' }),
      msg({ content: '<b>recebida</b>' }),
    ];
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls[0]?.body).toEqual({ customerid: 1, friend_id: 2, chatRoomId: ROOM, limit: 50, offset: 0 });
    expect($chatMessages.get().map((m) => [m.text, m.type, m.status])).toEqual([
      ['lida', 'message-sent', 'read'],
      ['entregue', 'message-sent', 'delivered'],
      ['recebida', 'message-received', 'delivered'],
    ]);
    const read = calls.find((c) => c.path === '/api/chat/read');
    expect(read?.body).toEqual({ userId: 1, chatRoomId: ROOM, messageIds: [history[2]?.id] });
    expect($chatConnection.get()).toBe('connected');
    expect(polls()).toHaveLength(1);
    expect(polls()[0]?.url.searchParams.get('since')).toBe(history[2]?.created_at);
    await vi.advanceTimersByTimeAsync(4999);
    expect(polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toHaveLength(2);
    expect($chatHasMore.get()).toBe(false);
  });

  it('asks for the last 60 s when the room has no history, and stops polling when closed', async () => {
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()[0]?.url.searchParams.get('since')).toBe('2026-11-20T11:59:00.000Z');
    closeChat();
    expect($chatConnection.get()).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls()).toHaveLength(1);
  });

  it('on error: status error, restart after 10 s, stop after 3 consecutive failures', async () => {
    pollStatus = 500;
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    expect($chatConnection.get()).toBe('error');
    expect(polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(polls()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls()).toHaveLength(3);
    expect($chatConnection.get()).toBe('error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toHaveLength(3);
  });

  it('a success resets the failure count', async () => {
    pollStatus = 500;
    await openChat(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls()).toHaveLength(2);
    pollStatus = 200;
    await vi.advanceTimersByTimeAsync(10_000);
    expect($chatConnection.get()).toBe('connected');
    pollStatus = 500;
    await vi.advanceTimersByTimeAsync(5_000 + 10_000 + 10_000);
    expect(polls()).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toHaveLength(6);
  });

  it('sends: pending, then sent; a polled repeat within 10 s becomes delivered, not a second line', async () => {
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    let resolveSend: (r: Response) => void = () => {};
    calls.length = 0;
    const routes = fakeRoutes({
      'POST /api/chat/send': () => new Promise<Response>((resolve) => (resolveSend = resolve)),
      'GET /api/chat/messages': () => json(200, { messages: polled.splice(0) }),
    });
    const sending = sendMessage(' <i>olá</i> ');
    await vi.advanceTimersByTimeAsync(0);
    expect($chatMessages.get().at(-1)).toMatchObject({
      text: 'olá',
      status: 'pending',
      type: 'message-sent',
    });
    const body = routes[0]?.body as { content: string; messageId: string };
    expect(body).toMatchObject({ userId: 1, dst_userId: 2, chatRoomId: ROOM, content: 'olá' });
    resolveSend(json(200, { messageId: body.messageId }));
    await sending;
    expect($chatMessages.get().at(-1)?.status).toBe('sent');
    // The server copy comes back without the client id: same text within 10 s.
    polled = [
      msg({
        user_id: 1,
        dst_userId: 2,
        content: 'olá',
        created_at: new Date(Date.now() + 3000).toISOString(),
      }),
    ];
    await vi.advanceTimersByTimeAsync(5000);
    const lines = $chatMessages.get().filter((m) => m.text === 'olá');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.status).toBe('delivered');
  });

  it('a failed send is still marked sent, with a system message carrying the error', async () => {
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    fakeRoutes({
      'POST /api/chat/send': () =>
        json(403, { error: 'not_friends', message: 'Vocês precisam ser amigos para conversar.' }),
    });
    await sendMessage('oi');
    const [line, system] = $chatMessages.get().slice(-2);
    expect(line).toMatchObject({ text: 'oi', status: 'sent' });
    expect(system).toMatchObject({ type: 'system', text: 'Vocês precisam ser amigos para conversar.' });
    fakeRoutes({ 'POST /api/chat/send': () => Promise.reject(new TypeError('offline')) });
    await sendMessage('de novo');
    expect($chatMessages.get().at(-1)).toMatchObject({ type: 'system', text: 'Erro ao enviar mensagem' });
  });

  it('limits sends to 10 per 1000 ms with the spec message', async () => {
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    calls.length = 0;
    for (let i = 0; i < 11; i++) await sendMessage(`m${i}`);
    expect(calls.filter((c) => c.path === '/api/chat/send')).toHaveLength(10);
    expect($chatMessages.get().at(-1)).toMatchObject({
      type: 'system',
      text: 'Você está enviando mensagens muito rápido. Por favor, aguarde um momento.',
    });
    vi.advanceTimersByTime(1000);
    await sendMessage('depois');
    expect(calls.filter((c) => c.path === '/api/chat/send')).toHaveLength(11);
  });

  it('history failure shows the spec system message; more pages while a page has 50', async () => {
    fakeRoutes({
      'POST /chat/history': () => json(500, {}),
      'GET /api/chat/messages': () => json(200, { messages: [] }),
    });
    await openChat(2);
    expect($chatMessages.get()).toMatchObject([
      { type: 'system', text: 'Erro ao carregar histórico de mensagens' },
    ]);
    closeChat();
    const page = Array.from({ length: 50 }, (_, i) => msg({ content: `p${i}` }));
    const older = [msg({ content: 'mais antiga' })];
    const offsets: number[] = [];
    fakeRoutes({
      'POST /chat/history': (call) => {
        const { offset } = call.body as { offset: number };
        offsets.push(offset);
        return json(200, { messages: offset === 0 ? page : older });
      },
      'GET /api/chat/messages': () => json(200, { messages: [] }),
      'POST /api/chat/read': () => json(200, {}),
    });
    await openChat(2);
    expect($chatHasMore.get()).toBe(true);
    await loadOlderMessages();
    expect(offsets).toEqual([0, 50]);
    expect($chatMessages.get()[0]?.text).toBe('mais antiga');
    expect($chatHasMore.get()).toBe(false);
  });

  it('refreshes unread counts every 10 s', async () => {
    startUnreadCounts();
    await vi.advanceTimersByTimeAsync(0);
    expect($unreadCounts.get()).toEqual([{ userId: 2, chatRoomId: ROOM, count: 3 }]);
    const count = () => calls.filter((c) => c.path === '/api/chat/unread/1').length;
    expect(count()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(count()).toBe(2);
    stopUnreadCounts();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(count()).toBe(2);
  });

  it('also takes pushed messages from the SSE stream, once, and resumes after the last event id', async () => {
    $chatPushEnabled.set(true);
    history = [msg({ id: 500, content: 'antiga' })];
    const pushed = msg({ id: 501, content: '<i>empurrada</i>' });
    const streams: ApiCall[] = [];
    let streamed = 0;
    fakeRoutes({
      'POST /chat/history': () => json(200, { messages: history }),
      'GET /api/chat/messages': () => json(200, { messages: [] }),
      'POST /api/chat/read': () => json(200, {}),
      'GET /api/chat/stream': (call) => {
        streams.push(call);
        streamed += 1;
        const body =
          streamed === 1 ? `retry: 3000\n\nid: 501\nevent: message\ndata: ${JSON.stringify(pushed)}\n\n` : '';
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    await openChat(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[0]?.url.searchParams.get('chatRoomId')).toBe(ROOM);
    await vi.waitFor(() => expect($chatMessages.get().map((m) => m.text)).toEqual(['antiga', 'empurrada']));
    // The same message polled later is not shown twice.
    fakeRoutes({
      'GET /api/chat/messages': () => json(200, { messages: [pushed] }),
      'POST /api/chat/read': () => json(200, {}),
      'GET /api/chat/stream': (call) => {
        streams.push(call);
        return new Response('', { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
    });
    const lastEventIds: (string | null)[] = [];
    const answer = apiFetch();
    configureApi({
      baseUrl: 'https://api.test',
      fetch: (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname === '/api/chat/stream')
          lastEventIds.push(request.headers.get('Last-Event-ID'));
        return answer(input, init);
      },
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect($chatMessages.get()).toHaveLength(2);
    // The stream ended: it is reopened after 3 s, resuming after event 501.
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(lastEventIds[0]).toBe('501');
    closeChat();
  });
});
