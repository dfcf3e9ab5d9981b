import { Type } from 'typebox';
import { IdSchema } from './common.ts';

// Spec §7 chat calls; parameter names are the spec's.

/** A room id as core's `chatRoomId` makes it (`dm-3-8`). */
export const ChatRoomIdSchema = Type.String({
  minLength: 6,
  maxLength: 30,
  pattern: '^dm-[1-9][0-9]*-[1-9][0-9]*$',
});

/** The sender's own id for a message (a UUID or similar). */
export const ClientMessageIdSchema = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9_.:-]+$',
});

/** A chat message (docs/social.md, "Chat message (server)"). */
export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  dst_userId: Type.Integer(),
  chatRoomId: Type.String(),
  content: Type.String(),
  created_at: Type.String(),
  dst_read: Type.Union([Type.Literal(0), Type.Literal(1)]),
  messageId: Type.Union([Type.String(), Type.Null()]),
  isSystem: Type.Boolean(),
});

/** Answers that list messages. */
export const ChatMessagesAnswer = Type.Object({ messages: Type.Array(ChatMessageSchema) });

/** `GET /api/chat/messages` query. */
export const ChatMessagesQuery = Type.Object({
  userId: IdSchema,
  since: Type.Optional(Type.String({ maxLength: 40 })),
  chatRoomId: ChatRoomIdSchema,
});

/** `POST /api/chat/send` body. The content limit is checked after markup is stripped. */
export const ChatSendBody = Type.Object(
  {
    userId: IdSchema,
    dst_userId: IdSchema,
    chatRoomId: ChatRoomIdSchema,
    content: Type.String({ maxLength: 20_000 }),
    messageId: ClientMessageIdSchema,
  },
  { additionalProperties: false },
);

/** `POST /api/chat/send` answer: the sender's `messageId` and the stored message. */
export const ChatSendAnswer = Type.Object({ messageId: Type.String(), message: ChatMessageSchema });

/** `GET /api/chat/unread/{userId}` params. */
export const ChatUnreadParams = Type.Object({ userId: IdSchema });

/** `GET /api/chat/unread/{userId}` answer. */
export const ChatUnreadAnswer = Type.Object({
  unreadCounts: Type.Array(
    Type.Object({ userId: Type.Integer(), chatRoomId: Type.String(), count: Type.Integer() }),
  ),
});

/** `POST /api/chat/read` body. */
export const ChatReadBody = Type.Object(
  {
    userId: IdSchema,
    chatRoomId: ChatRoomIdSchema,
    messageIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 }),
  },
  { additionalProperties: false },
);

/** `POST /api/chat/read` answer. */
export const ChatReadAnswer = Type.Object({ success: Type.Boolean(), updated: Type.Integer() });

/** `POST /chat/history` body (spec: limit 50). */
export const ChatHistoryBody = Type.Object(
  {
    customerid: IdSchema,
    friend_id: IdSchema,
    chatRoomId: ChatRoomIdSchema,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  },
  { additionalProperties: false },
);

/** `POST /chat/system` body. */
export const ChatSystemBody = Type.Object(
  { isSystem: Type.Literal(true), userId: IdSchema, dst_userId: IdSchema, chatRoomId: ChatRoomIdSchema },
  { additionalProperties: false },
);

/** `POST /chat/system` answer: whether the system message was written by this call. */
export const ChatSystemAnswer = Type.Object({ success: Type.Boolean(), created: Type.Boolean() });

/** `GET /api/chat/stream` query (Server-Sent Events; `lastEventId` stands in for the header). */
export const ChatStreamQuery = Type.Object({
  userId: IdSchema,
  chatRoomId: ChatRoomIdSchema,
  lastEventId: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** The `Last-Event-ID` header a reconnecting browser sends. */
export const ChatStreamHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]*$' })),
});
