import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { chatFanOut } from '../../chat/fan-out.ts';
import {
  historyPage,
  markRead,
  messagesSince,
  sendMessage,
  unreadCounts,
  writeSystemMessage,
} from '../../chat/messages.ts';
import { openChatStream } from '../../chat/stream.ts';
import { assertSelf } from '../../plugins/auth.ts';
import { HttpError } from '../../plugins/errors.ts';
import {
  ChatHistoryBody,
  ChatMessagesAnswer,
  ChatMessagesQuery,
  ChatReadAnswer,
  ChatReadBody,
  ChatSendAnswer,
  ChatSendBody,
  ChatStreamHeaders,
  ChatStreamQuery,
  ChatSystemAnswer,
  ChatSystemBody,
  ChatUnreadAnswer,
  ChatUnreadParams,
} from '../../schemas/chat.ts';
import { ErrorSchema } from '../../schemas/common.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema };

function parseSince(value: string | undefined): Date | null {
  if (value === undefined || value === '') return null;
  const date = new Date(value);
  // PostgreSQL stores years up to 294276, JavaScript up to 275760: keep to plain dates.
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1970 || year > 9999) {
    throw new HttpError(400, 'Data inválida no campo since.', 'validation');
  }
  return date;
}

/**
 * Chat between friends (docs/social.md). The `/api/chat/*` calls are the ones the storefront serves
 * on its own origin (it forwards them here); `/chat/history` and `/chat/system` are called
 * on the API host. Every call takes the customer from the session.
 */
const chat: FastifyPluginAsyncTypebox = async (app) => {
  const secured = { tags: ['chat'], security: [{ bearer: [] }] };
  const fanOut = chatFanOut(app.database.db, app.log);
  const openStreams = new Set<() => void>();
  // Open streams never finish on their own: end them so the server can close.
  app.addHook('preClose', async () => {
    for (const end of openStreams) end();
  });
  app.addHook('onClose', async () => fanOut.close());

  app.get(
    '/api/chat/messages',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Messages of a room after `since`',
        querystring: ChatMessagesQuery,
        response: { 200: ChatMessagesAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.query.userId);
      const since = parseSince(request.query.since);
      return {
        messages: await messagesSince(
          app.database.db,
          request.customer.id,
          request.query.chatRoomId,
          since,
          app.now(),
        ),
      };
    },
  );

  app.post(
    '/api/chat/send',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Sends a message to a friend (10 per second per account)',
        body: ChatSendBody,
        response: { 200: ChatSendAnswer, ...errors, 429: ErrorSchema },
      },
    },
    async (request) => {
      const { userId, dst_userId, chatRoomId, content, messageId } = request.body;
      assertSelf(request, userId);
      const input = {
        customerId: request.customer.id,
        dstUserId: dst_userId,
        roomId: chatRoomId,
        content,
        messageId,
      };
      return { messageId, message: await sendMessage(app.database.db, input, app.now()) };
    },
  );

  app.get(
    '/api/chat/stream',
    {
      // Events go out as they are written: a compressor would hold them back.
      compress: false,
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary:
          "Server-Sent Events of a room's new messages; resumes after Last-Event-ID (polling stays the contract)",
        querystring: ChatStreamQuery,
        headers: ChatStreamHeaders,
        response: errors,
      },
    },
    async (request, reply) => {
      const { userId, chatRoomId, lastEventId } = request.query;
      assertSelf(request, userId);
      const header = request.headers['last-event-id'];
      const resume = header ? Number(header) : (lastEventId ?? null);
      const input = { customerId: request.customer.id, roomId: chatRoomId, lastEventId: resume };
      const end = await openChatStream(app.database.db, fanOut, input, () => {
        const headers = reply.getHeaders();
        return { raw: reply.hijack().raw, headers };
      });
      openStreams.add(end);
      reply.raw.on('close', () => openStreams.delete(end));
    },
  );

  app.get(
    '/api/chat/unread/:userId',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Unread messages per friend',
        params: ChatUnreadParams,
        response: { 200: ChatUnreadAnswer, ...errors },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return { unreadCounts: await unreadCounts(app.database.db, request.customer.id) };
    },
  );

  app.post(
    '/api/chat/read',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Marks messages addressed to the customer as read',
        body: ChatReadBody,
        response: { 200: ChatReadAnswer, ...errors },
      },
    },
    async (request) => {
      const { userId, chatRoomId, messageIds } = request.body;
      assertSelf(request, userId);
      return {
        success: true,
        updated: await markRead(app.database.db, request.customer.id, chatRoomId, messageIds),
      };
    },
  );

  app.post(
    '/chat/history',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'A page of 50 messages, newest page first',
        body: ChatHistoryBody,
        response: { 200: ChatMessagesAnswer, ...errors },
      },
    },
    async (request) => {
      const { customerid, friend_id, chatRoomId, limit = 50, offset = 0 } = request.body;
      assertSelf(request, customerid);
      return {
        messages: await historyPage(
          app.database.db,
          request.customer.id,
          friend_id,
          chatRoomId,
          limit,
          offset,
        ),
      };
    },
  );

  app.post(
    '/chat/system',
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "Writes the room's 'now friends' system message once",
        body: ChatSystemBody,
        response: { 200: ChatSystemAnswer, ...errors },
      },
    },
    async (request) => {
      const { userId, dst_userId, chatRoomId } = request.body;
      assertSelf(request, userId);
      const created = await writeSystemMessage(
        app.database.db,
        request.customer.id,
        dst_userId,
        chatRoomId,
        app.now(),
      );
      return { success: true, created };
    },
  );
};

export default chat;
