import type { ServerChatMessage, UnreadCount } from '../contracts/chat.ts';
import { CHAT_HISTORY_FAILED, CHAT_SEND_FAILED } from '../messages/chat.ts';
import { $sessionToken } from '../stores/session-token.ts';
import { postJson } from './client.ts';
import { readEventStream } from './event-stream.ts';
import {
  API_TIMEOUT_MS,
  ApiError,
  apiBaseUrl,
  apiFetch,
  messageForStatus,
  type StatusMessages,
  stringField,
} from './public-read.ts';

export type { ServerChatMessage, UnreadCount } from '../contracts/chat.ts';

/** Spec §9: the history page size. */
export const CHAT_HISTORY_PAGE_SIZE = 50;

/**
 * Where the `/api/chat/*` calls go: docs/social.md says they use same-origin paths, so in a page
 * they go to the page's own origin (the storefront forwards them to the API host); outside
 * a page (tests, server rendering) to the API host itself.
 */
export function chatOrigin(): string {
  const origin = globalThis.location?.origin;
  return origin && /^https?:/.test(origin) ? origin : apiBaseUrl();
}

async function sameOrigin<T>(
  method: 'GET' | 'POST',
  path: string,
  messages: StatusMessages,
  options: { query?: Record<string, string>; json?: unknown } = {},
): Promise<T> {
  const url = new URL(path, chatOrigin());
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers({ accept: 'application/json' });
  const token = $sessionToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.json !== undefined) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await apiFetch()(url, {
      method,
      headers,
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(messages.fallback, { status: 0, cause: error });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const serverMessage = stringField(data, 'message');
    throw new ApiError(messageForStatus(response.status, serverMessage, messages), {
      status: response.status,
      code: stringField(data, 'error'),
      serverMessage,
      data,
    });
  }
  return data as T;
}

/** `GET /api/chat/messages`: the room's messages after `since` (ISO time). */
export async function fetchChatMessages(
  userId: number,
  chatRoomId: string,
  since: string,
): Promise<ServerChatMessage[]> {
  const answer = await sameOrigin<{ messages?: ServerChatMessage[] }>(
    'GET',
    '/api/chat/messages',
    { fallback: CHAT_HISTORY_FAILED },
    {
      query: { userId: String(userId), since, chatRoomId },
    },
  );
  return answer.messages ?? [];
}

/** What `POST /api/chat/send` answers. */
export interface ChatSendResult {
  messageId: string;
  message?: ServerChatMessage;
  error?: string;
}

/** `POST /api/chat/send`; a failure carries the server's message, else "Erro ao enviar mensagem". */
export function sendChatMessage(payload: {
  userId: number;
  dst_userId: number;
  chatRoomId: string;
  content: string;
  messageId: string;
}): Promise<ChatSendResult> {
  return sameOrigin(
    'POST',
    '/api/chat/send',
    { fallback: CHAT_SEND_FAILED, preferServerMessage: true },
    { json: payload },
  );
}

/** `GET /api/chat/unread/{userId}`. */
export async function fetchUnreadCounts(userId: number): Promise<UnreadCount[]> {
  const answer = await sameOrigin<{ unreadCounts?: UnreadCount[] }>('GET', `/api/chat/unread/${userId}`, {
    fallback: '',
  });
  return answer.unreadCounts ?? [];
}

/** `POST /api/chat/read`: marks messages addressed to the customer as read. */
export async function markChatRead(userId: number, chatRoomId: string, messageIds: number[]): Promise<void> {
  await sameOrigin('POST', '/api/chat/read', { fallback: '' }, { json: { userId, chatRoomId, messageIds } });
}

/** `POST /chat/history` on the API host: one page of 50, `offset` from the newest. */
export async function fetchChatHistory(
  customerid: number,
  friend_id: number,
  chatRoomId: string,
  offset: number,
): Promise<ServerChatMessage[]> {
  const answer = await postJson<{ messages?: ServerChatMessage[] }>(
    'chat/history',
    { customerid, friend_id, chatRoomId, limit: CHAT_HISTORY_PAGE_SIZE, offset },
    { fallback: CHAT_HISTORY_FAILED },
  );
  return answer.messages ?? [];
}

/** `POST /chat/system` on the API host: the room's "now friends" system message, written once. */
export async function postChatSystem(userId: number, dst_userId: number, chatRoomId: string): Promise<void> {
  await postJson('chat/system', { isSystem: true, userId, dst_userId, chatRoomId }, { fallback: '' });
}

/** One SSE message of `/api/chat/stream`. */
export interface ChatStreamEvent {
  /** The event id: the message's server id, sent back as `Last-Event-ID` to resume. */
  id: string;
  message: ServerChatMessage;
}

/**
 * Reads `GET /api/chat/stream` (Server-Sent Events, same origin, bearer token) until it
 * ends, fails or `signal` aborts, calling `onEvent` per message. Read with `fetch` rather
 * than `EventSource` because the stream needs the Authorization header; `lastEventId`
 * resumes after a message already shown. Resolves when the stream ends; rejects on failure.
 */
export async function readChatStream(
  userId: number,
  chatRoomId: string,
  lastEventId: string | null,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const url = new URL('/api/chat/stream', chatOrigin());
  url.searchParams.set('userId', String(userId));
  url.searchParams.set('chatRoomId', chatRoomId);
  const headers = new Headers({ accept: 'text/event-stream' });
  const token = $sessionToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (lastEventId) headers.set('Last-Event-ID', lastEventId);
  const response = await apiFetch()(url, { headers, signal });
  if (!response.ok || !response.body) throw new ApiError(CHAT_HISTORY_FAILED, { status: response.status });
  await readEventStream(response.body, ({ id, data }) => {
    if (!id || !data) return;
    try {
      onEvent({ id, message: JSON.parse(data) as ServerChatMessage });
    } catch {
      // A malformed event is skipped; polling still brings the message.
    }
  });
}
