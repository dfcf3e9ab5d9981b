import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { execute } from '../../../src/db/sql.ts';
import { bearer, createCustomer, type TestCustomer } from '../../support/accounts.ts';
import { createTestApp, type TestApp, testConfig } from '../../support/app.ts';
import { testClock } from '../../support/clock.ts';

describe('chat calls', () => {
  const clock = testClock(new Date('2026-11-20T12:00:00.000Z'));
  let t: TestApp;
  let second: FastifyInstance;
  let ana: TestCustomer;
  let bruno: TestCustomer;
  let carla: TestCustomer;
  let room: string;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { clock: clock.now });
    // A second API process on the same database: the send limit must hold across both.
    second = await buildApp({ config: testConfig(), database: t.database, clock: clock.now });
    await second.ready();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com', namef: 'Ana' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com', namef: 'Bruno' });
    carla = await createCustomer(t.database.db, { email: 'carla@example.com', namef: 'Carla' });
    room = `dm-${ana.id}-${bruno.id}`;
    const add = await t.app.inject({
      method: 'POST',
      url: '/friendly/add',
      headers: bearer(ana.token),
      payload: { from_customer_id: ana.id, to_customer_user: bruno.email },
    });
    expect(add.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'POST',
      url: '/friendly/list',
      headers: bearer(bruno.token),
      payload: { customerid: bruno.id, status: 2 },
    });
    const accept = await t.app.inject({
      method: 'POST',
      url: '/friendly/accept',
      headers: bearer(bruno.token),
      payload: { id: list.json().friendships[0].id, customerid: bruno.id },
    });
    expect(accept.statusCode).toBe(200);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const send = (
    who: TestCustomer,
    to: TestCustomer,
    content: string,
    app = t.app,
    extra: Record<string, unknown> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: bearer(who.token),
      payload: {
        userId: who.id,
        dst_userId: to.id,
        chatRoomId: `dm-${Math.min(who.id, to.id)}-${Math.max(who.id, to.id)}`,
        content,
        messageId: `m-${++seq}`,
        ...extra,
      },
    });
  const poll = (who: TestCustomer, since?: string, chatRoomId = room) =>
    t.app.inject({
      url: '/api/chat/messages',
      headers: bearer(who.token),
      query: { userId: String(who.id), chatRoomId, ...(since ? { since } : {}) },
    });

  it('answers 401 without a session and 403 for ids of another customer', async () => {
    expect((await t.app.inject({ url: `/api/chat/unread/${ana.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/chat/unread/${bruno.id}`, headers: bearer(ana.token) })).statusCode,
    ).toBe(403);
    let res = await send(ana, bruno, 'oi', t.app, { userId: bruno.id });
    expect(res.statusCode).toBe(403);
    res = await t.app.inject({
      method: 'POST',
      url: '/chat/history',
      headers: bearer(ana.token),
      payload: { customerid: bruno.id, friend_id: ana.id, chatRoomId: room },
    });
    expect(res.statusCode).toBe(403);
    res = await t.app.inject({
      url: '/api/chat/messages',
      headers: bearer(ana.token),
      query: { userId: String(bruno.id), chatRoomId: room },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets only friends chat, in their own room', async () => {
    let res = await send(ana, carla, 'oi');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Vocês precisam ser amigos para conversar.');
    // Carla reading the room of Ana and Bruno.
    res = await poll(carla);
    expect(res.statusCode).toBe(400);
    res = await send(ana, bruno, 'oi', t.app, { chatRoomId: `dm-${ana.id}-${carla.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sala de conversa inválida.');
  });

  it('strips markup on the way in, keeps "&" as is, refuses empty and long messages', async () => {
    let res = await send(ana, bruno, '<b>Oi</b> Tom & Jerry <script>alert(1)</script>&lt;i&gt;!');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      content: 'Oi Tom & Jerry !',
      user_id: ana.id,
      dst_userId: bruno.id,
      dst_read: 0,
    });
    res = await send(ana, bruno, '<br><img src=x>');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A mensagem está vazia.');
    res = await send(ana, bruno, 'a'.repeat(2001));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A mensagem pode ter no máximo 2000 caracteres.');
  });

  it('strips markup on the way out too', async () => {
    await execute(
      t.database.db,
      sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content, created_at)
          VALUES (${room}, ${bruno.id}, ${ana.id}, '<em>antiga</em> & boa', ${clock.now().toISOString()}::timestamptz)`,
    );
    const res = await poll(ana);
    expect(res.statusCode).toBe(200);
    const contents = res.json().messages.map((m: { content: string }) => m.content);
    expect(contents).toContain('antiga & boa');
    expect(JSON.stringify(res.json())).not.toContain('<em>');
  });

  it('polls messages after `since` (default: the last 60 s) and stores a resent messageId once', async () => {
    clock.advance(61_000);
    expect((await poll(bruno)).json().messages).toEqual([]);
    const first = await send(bruno, ana, 'primeira', t.app, { messageId: 'dup-1' });
    const again = await send(bruno, ana, 'primeira', t.app, { messageId: 'dup-1' });
    expect(again.json().message.id).toBe(first.json().message.id);
    const since = first.json().message.created_at;
    clock.advance(10);
    await send(bruno, ana, 'segunda');
    const messages = (await poll(ana, since)).json().messages;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['segunda']);
    expect((await poll(ana, 'ontem')).statusCode).toBe(400);
  });

  it('counts unread per sender and marks read only what was addressed to the reader', async () => {
    let counts = (
      await t.app.inject({ url: `/api/chat/unread/${ana.id}`, headers: bearer(ana.token) })
    ).json();
    const fromBruno = counts.unreadCounts.find((c: { userId: number }) => c.userId === bruno.id);
    expect(fromBruno).toMatchObject({ chatRoomId: room, count: 3 });
    const all = (await poll(ana, '2026-01-01T00:00:00.000Z')).json().messages as {
      id: number;
      user_id: number;
    }[];
    const ids = all.map((m) => m.id);
    // Bruno cannot mark his own messages to Ana as read.
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: bearer(bruno.token),
      payload: { userId: bruno.id, chatRoomId: room, messageIds: ids },
    });
    expect(res.json().updated).toBe(1);
    res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/read',
      headers: bearer(ana.token),
      payload: { userId: ana.id, chatRoomId: room, messageIds: ids },
    });
    expect(res.json()).toEqual({ success: true, updated: 3 });
    counts = (await t.app.inject({ url: `/api/chat/unread/${ana.id}`, headers: bearer(ana.token) })).json();
    expect(counts.unreadCounts).toEqual([]);
    const history = await t.app.inject({
      method: 'POST',
      url: '/chat/history',
      headers: bearer(bruno.token),
      payload: { customerid: bruno.id, friend_id: ana.id, chatRoomId: room, limit: 50, offset: 0 },
    });
    const own = history.json().messages.filter((m: { user_id: number }) => m.user_id === bruno.id);
    expect(own.every((m: { dst_read: number }) => m.dst_read === 1)).toBe(true);
  });

  it('writes the system message once per room', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/chat/system',
        headers: bearer(ana.token),
        payload: { isSystem: true, userId: ana.id, dst_userId: bruno.id, chatRoomId: room },
      });
    expect((await call()).json()).toEqual({ success: true, created: true });
    expect((await call()).json()).toEqual({ success: true, created: false });
    const messages = (await poll(bruno, '2026-01-01T00:00:00.000Z')).json().messages;
    expect(messages.filter((m: { isSystem: boolean }) => m.isSystem)).toHaveLength(1);
  });

  it('enforces 10 sends per 1000 ms per account across two API processes on one database', async () => {
    clock.advance(5_000);
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) => send(ana, bruno, `rajada ${i}`, i % 2 === 0 ? t.app : second)),
    );
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const limited = results.find((res) => res.statusCode === 429);
    expect(limited?.json().message).toBe(
      'Você está enviando mensagens muito rápido. Por favor, aguarde um momento.',
    );
    // Another account is not limited by Ana's burst.
    expect((await send(bruno, ana, 'oi', second)).statusCode).toBe(200);
    clock.advance(1001);
    expect((await send(ana, bruno, 'depois', second)).statusCode).toBe(200);
  });

  it('pages history by 50, newest page first; more pages while a page has exactly 50', async () => {
    await execute(
      t.database.db,
      sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content, created_at)
          SELECT ${room}, ${ana.id}, ${bruno.id}, 'lote ' || n,
                 ${clock.now().toISOString()}::timestamptz + n * interval '1 second'
            FROM generate_series(1, 100) AS n`,
    );
    const page = async (offset: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/chat/history',
          headers: bearer(ana.token),
          payload: { customerid: ana.id, friend_id: bruno.id, chatRoomId: room, limit: 50, offset },
        })
      ).json().messages as { content: string }[];
    const newest = await page(0);
    expect(newest).toHaveLength(50);
    expect(newest.at(-1)?.content).toBe('lote 100');
    expect(newest[0]?.content).toBe('lote 51');
    expect(await page(50)).toHaveLength(50);
    const last = await page(100);
    expect(last.length).toBeGreaterThan(0);
    expect(last.length).toBeLessThan(50);
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/chat/history',
      headers: bearer(ana.token),
      payload: { customerid: ana.id, friend_id: bruno.id, chatRoomId: room, limit: 51, offset: 0 },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
