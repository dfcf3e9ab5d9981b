import { describe, expect, it } from 'vitest';
import type { ClientChatMessage, ServerChatMessage } from '../contracts/chat.ts';
import { findOwnDuplicate, fromHistory, mergePolled } from './chat-messages.ts';

const server = (over: Partial<ServerChatMessage>): ServerChatMessage => ({
  id: 1,
  user_id: 1,
  dst_userId: 2,
  chatRoomId: 'dm-1-2',
  content: 'oi',
  created_at: '2026-11-20T12:00:05.000Z',
  dst_read: 0,
  messageId: null,
  isSystem: false,
  ...over,
});

const local = (over: Partial<ClientChatMessage>): ClientChatMessage => ({
  text: 'oi',
  type: 'message-sent',
  timestamp: Date.parse('2026-11-20T12:00:00.000Z'),
  messageId: 'local-1',
  status: 'sent',
  ...over,
});

describe('chat messages', () => {
  it('maps history statuses from dst_read and strips markup on receipt', () => {
    expect(fromHistory(server({ dst_read: 1, messageId: 'a' }), 1)).toMatchObject({
      type: 'message-sent',
      status: 'read',
      messageId: 'a',
    });
    expect(fromHistory(server({ dst_read: 0 }), 1)).toMatchObject({
      type: 'message-sent',
      status: 'delivered',
    });
    expect(fromHistory(server({ user_id: 2, content: '<b>oi</b> & tchau' }), 1)).toMatchObject({
      type: 'message-received',
      text: 'oi & tchau',
    });
    expect(fromHistory(server({ isSystem: true }), 1).type).toBe('system');
  });

  it('treats an own message with the same text within 10 s as the same one', () => {
    const list = [local({})];
    expect(findOwnDuplicate(list, fromHistory(server({}), 1))).toBe(0);
    expect(findOwnDuplicate(list, fromHistory(server({ created_at: '2026-11-20T12:00:11.000Z' }), 1))).toBe(
      -1,
    );
    expect(findOwnDuplicate(list, fromHistory(server({ content: 'outro' }), 1))).toBe(-1);
    expect(findOwnDuplicate([local({ serverId: 9 })], fromHistory(server({}), 1))).toBe(-1);
  });

  it('merges polled messages as delivered, once, and reports new received ones', () => {
    const first = mergePolled(
      [local({})],
      [server({ id: 5 }), server({ id: 6, user_id: 2, content: 'olá' })],
      1,
    );
    expect(first.messages).toHaveLength(2);
    expect(first.messages[0]).toMatchObject({ status: 'delivered', serverId: 5 });
    expect(first.messages[1]).toMatchObject({ type: 'message-received', status: 'delivered', text: 'olá' });
    expect(first.received).toEqual([6]);
    const again = mergePolled(first.messages, [server({ id: 6, user_id: 2, content: 'olá' })], 1);
    expect(again.messages).toHaveLength(2);
    expect(again.received).toEqual([]);
  });
});
