import type { ServerChatMessage } from '@plateia/core/contracts/chat';
import {
  CHAT_EMPTY_MESSAGE,
  CHAT_NOT_FRIENDS,
  CHAT_NOW_FRIENDS,
  CHAT_RATE_LIMITED,
  CHAT_ROOM_INVALID,
  CHAT_TOO_LONG,
} from '@plateia/core/messages/chat';
import { CHAT_SEND_LIMIT, CHAT_SEND_WINDOW_MS } from '@plateia/core/rules/chat-limiter';
import { chatRoomId } from '@plateia/core/rules/chat-room';
import { CHAT_MAX_LENGTH, cleanChatText } from '@plateia/core/rules/chat-text';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { areFriends } from '../friends/friendships.ts';
import { HttpError } from '../plugins/errors.ts';

/** Spec §9: the history page size. */
export const CHAT_HISTORY_PAGE = 50;
/** How far back `/api/chat/messages` looks without `since` (docs/social.md: 60 s). */
export const CHAT_DEFAULT_SINCE_MS = 60_000;
// Most messages one poll answers; a client further behind reads the history instead.
const POLL_MAX = 200;
// First key of the per-customer advisory lock taken while checking the send limit.
const SEND_LOCK_KEY = 40_410;

interface MessageRow {
  id: number | string;
  user_id: number;
  dst_user_id: number;
  chat_room_id: string;
  content: string;
  created_at: string | Date;
  dst_read: number;
  client_message_id: string | null;
  is_system: boolean;
}

const COLUMNS = sql`id, user_id, dst_user_id, chat_room_id, content, created_at, dst_read, client_message_id, is_system`;

function toMessage(row: MessageRow): ServerChatMessage {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    dst_userId: row.dst_user_id,
    chatRoomId: row.chat_room_id,
    // Stored stripped; stripped again on the way out in case older rows predate a rule change.
    content: cleanChatText(row.content),
    created_at: new Date(row.created_at).toISOString(),
    dst_read: row.dst_read === 1 ? 1 : 0,
    messageId: row.client_message_id,
    isSystem: row.is_system,
  };
}

/**
 * Checks that `roomId` is the room of the customer and `friendId` and that the two are
 * friends (only friends chat; the room belongs to its two members). 400 for a room that is
 * not theirs, 403 when they are not friends.
 */
export async function assertChatRoom(
  db: Queryable,
  customerId: number,
  friendId: number,
  roomId: string,
): Promise<void> {
  if (friendId === customerId || roomId !== chatRoomId(customerId, friendId)) {
    throw new HttpError(400, CHAT_ROOM_INVALID, 'invalid_room');
  }
  if (!(await areFriends(db, customerId, friendId)))
    throw new HttpError(403, CHAT_NOT_FRIENDS, 'not_friends');
}

/** The other member of a room the customer belongs to, or 400. */
export function roomPartner(customerId: number, roomId: string): number {
  const match = /^dm-(\d+)-(\d+)$/.exec(roomId);
  const low = Number(match?.[1]);
  const high = Number(match?.[2]);
  if (!match || (low !== customerId && high !== customerId)) {
    throw new HttpError(400, CHAT_ROOM_INVALID, 'invalid_room');
  }
  return low === customerId ? high : low;
}

/** `GET /api/chat/messages`: the room's messages after `since` (default: the last 60 s), oldest first. */
export async function messagesSince(
  db: Queryable,
  customerId: number,
  roomId: string,
  since: Date | null,
  now: Date,
): Promise<ServerChatMessage[]> {
  await assertChatRoom(db, customerId, roomPartner(customerId, roomId), roomId);
  const from = since ?? new Date(now.getTime() - CHAT_DEFAULT_SINCE_MS);
  const rows = await selectRows<MessageRow>(
    db,
    sql`SELECT ${COLUMNS} FROM chat_messages
         WHERE chat_room_id = ${roomId} AND created_at > ${from.toISOString()}::timestamptz
         ORDER BY created_at, id LIMIT ${POLL_MAX}`,
  );
  return rows.map(toMessage);
}

/**
 * The room's messages after the message `afterId` (an SSE `Last-Event-ID`), oldest first,
 * at most 200. Checks the room like {@link messagesSince}.
 */
export async function messagesAfterId(
  db: Queryable,
  customerId: number,
  roomId: string,
  afterId: number,
): Promise<ServerChatMessage[]> {
  await assertChatRoom(db, customerId, roomPartner(customerId, roomId), roomId);
  const rows = await selectRows<MessageRow>(
    db,
    sql`SELECT ${COLUMNS} FROM chat_messages WHERE chat_room_id = ${roomId} AND id > ${afterId}
         ORDER BY id LIMIT ${POLL_MAX}`,
  );
  return rows.map(toMessage);
}

/** The id of the room's newest message, or 0. */
export async function lastMessageId(db: Queryable, roomId: string): Promise<number> {
  const row = await selectOne<{ id: number | string | null }>(
    db,
    sql`SELECT max(id) AS id FROM chat_messages WHERE chat_room_id = ${roomId}`,
  );
  return Number(row?.id ?? 0);
}

/** `POST /chat/history`: one page (newest first by page, oldest first within it). */
export async function historyPage(
  db: Queryable,
  customerId: number,
  friendId: number,
  roomId: string,
  limit: number,
  offset: number,
): Promise<ServerChatMessage[]> {
  await assertChatRoom(db, customerId, friendId, roomId);
  const rows = await selectRows<MessageRow>(
    db,
    sql`SELECT ${COLUMNS} FROM chat_messages WHERE chat_room_id = ${roomId}
         ORDER BY created_at DESC, id DESC LIMIT ${Math.min(limit, CHAT_HISTORY_PAGE)} OFFSET ${offset}`,
  );
  return rows.reverse().map(toMessage);
}

/** A message to send. */
export interface SendInput {
  customerId: number;
  dstUserId: number;
  roomId: string;
  content: string;
  messageId: string;
}

/**
 * `POST /api/chat/send`: stores a message to a friend. Its content is stripped of markup
 * (400 when nothing is left, or past 2000 characters). The send limit (10 per 1000 ms per
 * account, docs/social.md) is checked in PostgreSQL under a per-customer advisory lock, so every
 * API process shares it; over the limit answers 429. A `messageId` sent again answers the
 * stored message.
 */
export async function sendMessage(db: Database, input: SendInput, now: Date): Promise<ServerChatMessage> {
  await assertChatRoom(db, input.customerId, input.dstUserId, input.roomId);
  const content = cleanChatText(input.content);
  if (!content) throw new HttpError(400, CHAT_EMPTY_MESSAGE, 'empty_message');
  if (content.length > CHAT_MAX_LENGTH) throw new HttpError(400, CHAT_TOO_LONG, 'too_long');
  return db.transaction(async (tx) => {
    await execute(tx, sql`SELECT pg_advisory_xact_lock(${SEND_LOCK_KEY}, ${input.customerId})`);
    const existing = await selectOne<MessageRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM chat_messages WHERE user_id = ${input.customerId} AND client_message_id = ${input.messageId}`,
    );
    if (existing) return toMessage(existing);
    const windowStart = new Date(now.getTime() - CHAT_SEND_WINDOW_MS).toISOString();
    await execute(
      tx,
      sql`DELETE FROM chat_send_log WHERE customer_id = ${input.customerId} AND sent_at <= ${windowStart}::timestamptz`,
    );
    const recent = await selectOne<{ count: number | string }>(
      tx,
      sql`SELECT count(*) AS count FROM chat_send_log WHERE customer_id = ${input.customerId}`,
    );
    if (Number(recent?.count ?? 0) >= CHAT_SEND_LIMIT)
      throw new HttpError(429, CHAT_RATE_LIMITED, 'rate_limited');
    const stamp = now.toISOString();
    await execute(
      tx,
      sql`INSERT INTO chat_send_log (customer_id, sent_at) VALUES (${input.customerId}, ${stamp}::timestamptz)`,
    );
    const row = await selectOne<MessageRow>(
      tx,
      sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content, client_message_id, created_at)
          VALUES (${input.roomId}, ${input.customerId}, ${input.dstUserId}, ${content}, ${input.messageId},
                  ${stamp}::timestamptz)
          RETURNING ${COLUMNS}`,
    );
    if (!row) throw new Error('chat message insert returned no row');
    await execute(
      tx,
      sql`SELECT pg_notify('plateia_chat', ${JSON.stringify({ room: input.roomId, id: Number(row.id) })})`,
    );
    return toMessage(row);
  });
}

/** `GET /api/chat/unread/{userId}`: unread messages addressed to the customer, per sender. */
export async function unreadCounts(
  db: Queryable,
  customerId: number,
): Promise<{ userId: number; chatRoomId: string; count: number }[]> {
  const rows = await selectRows<{ user_id: number; chat_room_id: string; count: number | string }>(
    db,
    sql`SELECT user_id, chat_room_id, count(*) AS count FROM chat_messages
         WHERE dst_user_id = ${customerId} AND dst_read = 0 AND NOT is_system
         GROUP BY user_id, chat_room_id ORDER BY user_id`,
  );
  return rows.map((row) => ({ userId: row.user_id, chatRoomId: row.chat_room_id, count: Number(row.count) }));
}

/** `POST /api/chat/read`: marks the listed messages addressed to the customer in that room as read. */
export async function markRead(
  db: Queryable,
  customerId: number,
  roomId: string,
  ids: number[],
): Promise<number> {
  await assertChatRoom(db, customerId, roomPartner(customerId, roomId), roomId);
  if (ids.length === 0) return 0;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  return execute(
    db,
    sql`UPDATE chat_messages SET dst_read = 1
         WHERE chat_room_id = ${roomId} AND dst_user_id = ${customerId} AND dst_read = 0 AND id IN (${list})`,
  );
}

/**
 * `POST /chat/system`: writes the room's system message ("Vocês agora são amigos. Digam
 * olá!") once; later calls change nothing. Answers whether it was written now.
 */
export async function writeSystemMessage(
  db: Queryable,
  customerId: number,
  dstUserId: number,
  roomId: string,
  now: Date,
): Promise<boolean> {
  await assertChatRoom(db, customerId, dstUserId, roomId);
  const written = await execute(
    db,
    sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content, is_system, dst_read, created_at)
        VALUES (${roomId}, ${customerId}, ${dstUserId}, ${CHAT_NOW_FRIENDS}, true, 1, ${now.toISOString()}::timestamptz)
        ON CONFLICT DO NOTHING`,
  );
  return written > 0;
}
