import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../support/app.ts';

interface SseEvent {
  id: string;
  data: { id: number; content: string; user_id: number };
}

/** Reads Server-Sent Events from a streaming answer. */
function sseReader(response: Response) {
  const events: SseEvent[] = [];
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const id = /^id: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (id && data) events.push({ id, data: JSON.parse(data) });
        cut = buffer.indexOf('\n\n');
      }
    }
    done = true;
  })();
  return {
    events,
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && !done && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return events;
    },
    async close() {
      await reader.cancel().catch(() => {});
      await pump;
    },
  };
}

describe('GET /api/chat/stream (Server-Sent Events over LISTEN/NOTIFY)', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let urlA: string;
  let urlB: string;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let carla: TestCustomer;
  let room: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    other = await buildApp({ config: testConfig(), database: t.database });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await other.listen({ port: 0, host: '127.0.0.1' });
    urlA = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    urlB = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
    carla = await createCustomer(t.database.db, { email: 'carla@example.com', namef: 'Carla' });
    room = `dm-${ana.id}-${bruno.id}`;
    await t.app.inject({
      method: 'POST',
      url: '/friendly/add',
      headers: bearer(ana.token),
      payload: { from_customer_id: ana.id, to_customer_user: bruno.email },
    });
    const list = await t.app.inject({
      method: 'POST',
      url: '/friendly/list',
      headers: bearer(bruno.token),
      payload: { customerid: bruno.id, status: 2 },
    });
    await t.app.inject({
      method: 'POST',
      url: '/friendly/accept',
      headers: bearer(bruno.token),
      payload: { id: list.json().friendships[0].id, customerid: bruno.id },
    });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const send = async (content: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: bearer(ana.token),
      payload: { userId: ana.id, dst_userId: bruno.id, chatRoomId: room, content, messageId: `s-${++seq}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().message.id as number;
  };
  const open = (base: string, who: TestCustomer, extra: Record<string, string> = {}, chatRoomId = room) =>
    fetch(`${base}/api/chat/stream?userId=${who.id}&chatRoomId=${chatRoomId}`, {
      headers: { ...bearer(who.token), ...extra },
    });

  it('refuses visitors, other customers and strangers to the room before streaming', async () => {
    expect((await fetch(`${urlA}/api/chat/stream?userId=${bruno.id}&chatRoomId=${room}`)).status).toBe(401);
    expect(
      (
        await fetch(`${urlB}/api/chat/stream?userId=${ana.id}&chatRoomId=${room}`, {
          headers: bearer(bruno.token),
        })
      ).status,
    ).toBe(403);
    const stranger = await open(urlB, carla, {}, room);
    expect(stranger.status).toBe(400);
    expect(((await stranger.json()) as { message: string }).message).toBe('Sala de conversa inválida.');
  });

  it('pushes a message sent through another API process, markup stripped', async () => {
    const response = await open(urlB, bruno);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseReader(response);
    // Well after the stream opened (and read what it had), so only a notification brings it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const id = await send('<b>ao vivo</b> & direto');
    const [event] = await stream.waitFor(1);
    expect(event?.id).toBe(String(id));
    expect(event?.data).toMatchObject({ id, content: 'ao vivo & direto', user_id: ana.id });
    await stream.close();
  });

  it('is never compressed, even for a browser that accepts brotli and gzip', async () => {
    const response = await open(urlA, bruno, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(response);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // A single small event arrives while the stream stays open: nothing buffers it.
    const id = await send('sem compressão');
    const [event] = await stream.waitFor(1);
    expect(event?.data).toMatchObject({ id, content: 'sem compressão' });
    await stream.close();
  });

  it('resumes after Last-Event-ID with what was missed, then goes on live', async () => {
    const first = await send('um');
    const second = await send('dois');
    const third = await send('três');
    const response = await open(urlB, bruno, { 'last-event-id': String(first) });
    const stream = sseReader(response);
    const backlog = await stream.waitFor(2);
    expect(backlog.map((e) => e.data.id)).toEqual([second, third]);
    const fourth = await send('quatro');
    const all = await stream.waitFor(3);
    expect(all.map((e) => e.data.content)).toEqual(['dois', 'três', 'quatro']);
    expect(all[2]?.data.id).toBe(fourth);
    await stream.close();
  });
});
