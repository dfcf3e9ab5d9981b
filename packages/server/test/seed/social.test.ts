import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordDigest } from '../../src/accounts/passwords.ts';
import { DEMO_PASSWORD } from '../../src/seed/accounts.ts';
import { seedDemo } from '../../src/seed/index.ts';
import { bearer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

describe('demo seed: friends and chat', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('makes the demo customer friends with chat history, once', async () => {
    const { accounts } = await seedDemo(t.database);
    await seedDemo(t.database);
    const email = 'cliente@plateia.dev';
    const salt = (await t.app.inject({ method: 'POST', url: `/getsalt/${email}/seed` })).json().msg;
    const login = await t.app.inject({
      method: 'POST',
      url: `/login/${email}/${passwordDigest(salt, DEMO_PASSWORD)}/seed/${salt}`,
    });
    const { data, token } = login.json();
    const list = async (status: 1 | 2) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/friendly/list',
          headers: bearer(token),
          payload: { customerid: data.id, status },
        })
      ).json().friendships as { friend: { user: string }; chatRoomId: string }[];
    const friends = await list(1);
    expect(friends.map((f) => f.friend.user).sort()).toEqual([
      'joao.pereira@plateia.dev',
      'mariana.costa@plateia.dev',
    ]);
    expect((await list(2)).map((f) => f.friend.user)).toEqual(['rafael.oliveira@plateia.dev']);
    const joao = accounts['joao.pereira@plateia.dev'];
    const room = friends.find((f) => f.friend.user.startsWith('joao'))?.chatRoomId;
    const history = await t.app.inject({
      method: 'POST',
      url: '/chat/history',
      headers: bearer(token),
      payload: { customerid: data.id, friend_id: joao, chatRoomId: room, limit: 50, offset: 0 },
    });
    expect(history.json().messages).toHaveLength(4);
    const unread = await t.app.inject({ url: `/api/chat/unread/${data.id}`, headers: bearer(token) });
    expect(unread.json().unreadCounts).toEqual([
      { userId: accounts['mariana.costa@plateia.dev'], chatRoomId: expect.any(String), count: 2 },
    ]);
  });
});
