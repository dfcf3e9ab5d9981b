import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, type TestCustomer } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

// Junk a careless or hostile client might send in place of any JSON field.
const JUNK: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  2_147_483_648,
  '',
  'x'.repeat(5000),
  '<script>alert(1)</script>',
  "'; DROP TABLE friendships; --",
  '\u0000\u0001',
  '😀'.repeat(50),
  [],
  {},
];

describe('friends, chat, support and producer routes never answer 500 to bad input', () => {
  let t: TestApp;
  let ana: TestCustomer;
  let bruno: TestCustomer;

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createCustomer(t.database.db, { email: 'ana@example.com' });
    bruno = await createCustomer(t.database.db, { email: 'bruno@example.com' });
  });
  afterAll(() => t.close());

  it('JSON bodies with junk in each field', async () => {
    const room = `dm-${ana.id}-${bruno.id}`;
    const valid: Record<string, Record<string, unknown>> = {
      '/friendly/list': { customerid: ana.id, status: 1 },
      '/friendly/accept': { id: 1, customerid: ana.id },
      '/friendly/del': { id: 1, customerid: ana.id, to_customer_id: bruno.id },
      '/friendly/add': { from_customer_id: ana.id, to_customer_user: 'bruno@example.com' },
      '/friendly/update': { friendly_accept: 1, customerid: ana.id },
      '/friendly/ispublic': { customerid: ana.id },
      '/api/chat/send': {
        userId: ana.id,
        dst_userId: bruno.id,
        chatRoomId: room,
        content: 'oi',
        messageId: 'm1',
      },
      '/api/chat/read': { userId: ana.id, chatRoomId: room, messageIds: [1] },
      '/chat/history': { customerid: ana.id, friend_id: bruno.id, chatRoomId: room, limit: 50, offset: 0 },
      '/chat/system': { isSystem: true, userId: ana.id, dst_userId: bruno.id, chatRoomId: room },
      '/support/create': { subject: 'a', category: 'conta', text: 'b' },
      '/producer-applications': {
        name: 'a',
        email: 'a@b.co',
        phone: '11988887777',
        audience: 'ate-500',
        event: 'x',
      },
    };
    for (const [url, body] of Object.entries(valid)) {
      for (const field of Object.keys(body)) {
        for (const junk of JUNK) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: bearer(ana.token),
            payload: { ...body, [field]: junk },
          });
          expect(
            res.statusCode,
            `${url} ${field}=${JSON.stringify(junk)?.slice(0, 30)} -> ${res.body.slice(0, 120)}`,
          ).toBeLessThan(500);
        }
      }
    }
  });

  it('query strings and path segments with junk', async () => {
    const urls = [
      '/api/chat/messages?userId=abc&chatRoomId=dm-1-2',
      `/api/chat/messages?userId=${ana.id}&chatRoomId=%00&since=x`,
      `/api/chat/messages?userId=${ana.id}&chatRoomId=dm-${ana.id}-${bruno.id}&since=9999999999999999`,
      `/api/chat/messages?userId=${ana.id}&chatRoomId=dm-${ana.id}-${bruno.id}&since=%2B275760-09-13T00:00:00.000Z`,
      `/api/chat/messages?userId=${ana.id}&chatRoomId=dm-${ana.id}-${bruno.id}&since=-000001-01-01T00:00:00.000Z`,
      '/api/chat/unread/%00',
      '/api/chat/unread/99999999999',
      '/support/abc',
      '/support/0',
      '/support/1/attachments/%2e%2e',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: bearer(ana.token) });
      expect(res.statusCode, `${url} -> ${res.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});
