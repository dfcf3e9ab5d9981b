import { atom } from 'nanostores';
import {
  CHAT_HISTORY_PAGE_SIZE,
  fetchChatHistory,
  fetchChatMessages,
  fetchUnreadCounts,
  markChatRead,
  postChatSystem,
  readChatStream,
  sendChatMessage,
} from '../api/chat.ts';
import { ApiError } from '../api/public-read.ts';
import type {
  ChatConnectionStatus,
  ClientChatMessage,
  ServerChatMessage,
  UnreadCount,
} from '../contracts/chat.ts';
import { CHAT_HISTORY_FAILED, CHAT_RATE_LIMITED, CHAT_SEND_FAILED } from '../messages/chat.ts';
import { createRateLimiter } from '../rules/chat-limiter.ts';
import { fromHistory, mergePolled } from '../rules/chat-messages.ts';
import { chatRoomId } from '../rules/chat-room.ts';
import { cleanChatText } from '../rules/chat-text.ts';
import { $user } from './session.ts';

export type { ChatConnectionStatus, ClientChatMessage, UnreadCount } from '../contracts/chat.ts';

/** Spec §9: the chat polling interval. */
export const CHAT_POLL_INTERVAL_MS = 5000;
/** Spec §4: after a polling error, a restart is tried after this long. */
export const CHAT_RESTART_DELAY_MS = 10_000;
/** Spec §9: polling stops after this many consecutive failures. */
export const CHAT_MAX_POLL_FAILURES = 3;
/** Spec §9: the unread counts refresh on /friends. */
export const UNREAD_REFRESH_MS = 10_000;
/** Wait before reopening the push stream after it ended or failed. */
export const CHAT_STREAM_RETRY_MS = 3000;
/** Spec §7: without a last message, polling asks for the last 60 s. */
export const CHAT_DEFAULT_SINCE_MS = 60_000;

/** The open chat: the friend and the pair's room, or null. */
export const $chatRoom = atom<{ friendId: number; roomId: string } | null>(null);
/** The open chat's messages, oldest first. */
export const $chatMessages = atom<readonly ClientChatMessage[]>([]);
/** Spec §4: the connection status. */
export const $chatConnection = atom<ChatConnectionStatus>('disconnected');
/** Whether older history pages may exist (the last page read had exactly 50). */
export const $chatHasMore = atom(false);
/** Unread messages per friend (refreshed every 10 s on /friends). */
export const $unreadCounts = atom<readonly UnreadCount[]>([]);

let pollTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let since = '';
let historyOffset = 0;
let generation = 0;
let sequence = 0;
const limiter = createRateLimiter();
let streamAbort: AbortController | undefined;
let streamTimer: ReturnType<typeof setTimeout> | undefined;
let streamLastId: string | null = null;

/**
 * Whether new messages are also pushed by Server-Sent Events (beyond the spec: polling stays
 * the contract and the fallback). On by default in browsers that stream `fetch` bodies.
 */
export const $chatPushEnabled = atom(typeof globalThis.TextDecoderStream === 'function');

function userId(): number | null {
  const user = $user.get();
  return user ? Number(user.id) : null;
}

function systemLine(text: string): ClientChatMessage {
  sequence += 1;
  return {
    text,
    type: 'system',
    timestamp: Date.now(),
    messageId: `system-${Date.now()}-${sequence}`,
    status: 'sent',
  };
}

function addSystem(text: string): void {
  $chatMessages.set([...$chatMessages.get(), systemLine(text)]);
}

function newMessageId(): string {
  sequence += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `c-${random}-${sequence}`;
}

function advanceSince(messages: readonly ServerChatMessage[]): void {
  const last = messages.at(-1);
  if (last && last.created_at > since) since = last.created_at;
}

function mergeIncoming(polled: readonly ServerChatMessage[]): void {
  const me = userId();
  if (me === null) return;
  advanceSince(polled);
  const merged = mergePolled($chatMessages.get(), polled, me);
  $chatMessages.set(merged.messages);
  void markReceivedRead(merged.received);
}

function stopStream(): void {
  streamAbort?.abort();
  streamAbort = undefined;
  if (streamTimer !== undefined) clearTimeout(streamTimer);
  streamTimer = undefined;
}

/**
 * Opens the push stream of the open room, resuming after the last event seen; when it ends
 * or fails it is reopened after 3 s while the room stays open. Its messages are merged like
 * polled ones (duplicates are recognised), so push and polling never show a message twice.
 */
function startStream(mine: number): void {
  const room = $chatRoom.get();
  const me = userId();
  if (mine !== generation || !room || me === null || !$chatPushEnabled.get()) return;
  const abort = new AbortController();
  streamAbort = abort;
  const retry = () => {
    if (mine !== generation || abort.signal.aborted) return;
    streamTimer = setTimeout(() => startStream(mine), CHAT_STREAM_RETRY_MS);
  };
  readChatStream(
    me,
    room.roomId,
    streamLastId,
    (event) => {
      if (mine !== generation) return;
      streamLastId = event.id;
      mergeIncoming([event.message]);
    },
    abort.signal,
  ).then(retry, retry);
}

function stopPolling(): void {
  if (pollTimer !== undefined) clearTimeout(pollTimer);
  pollTimer = undefined;
}

function schedulePoll(delay: number): void {
  stopPolling();
  const mine = generation;
  pollTimer = setTimeout(() => void pollOnce(mine), delay);
}

async function markReceivedRead(ids: number[]): Promise<void> {
  const room = $chatRoom.get();
  const me = userId();
  if (!room || me === null || ids.length === 0) return;
  try {
    await markChatRead(me, room.roomId, ids);
  } catch {
    // A failed read mark leaves the count unread; the next open marks it again.
  }
}

/**
 * One poll of the open room (docs/social.md): new messages are merged as `delivered` (own
 * duplicates within 10 s are recognised), received ones are marked read. On failure the
 * status is `error` and a restart is tried after 10 s; after 3 consecutive failures polling
 * stops.
 */
async function pollOnce(mine: number): Promise<void> {
  const room = $chatRoom.get();
  const me = userId();
  if (mine !== generation || !room || me === null) return;
  try {
    const polled = await fetchChatMessages(me, room.roomId, since);
    if (mine !== generation) return;
    failures = 0;
    $chatConnection.set('connected');
    mergeIncoming(polled);
    schedulePoll(CHAT_POLL_INTERVAL_MS);
  } catch {
    if (mine !== generation) return;
    failures += 1;
    $chatConnection.set('error');
    if (failures >= CHAT_MAX_POLL_FAILURES) {
      stopPolling();
      return;
    }
    pollTimer = setTimeout(() => {
      if (mine !== generation) return;
      $chatConnection.set('connecting');
      void pollOnce(mine);
    }, CHAT_RESTART_DELAY_MS);
  }
}

/**
 * Opens the chat with a friend: reads the newest history page (docs/social.md statuses), marks the
 * friend's messages read, and starts polling every 5 s (only while a room is open and the
 * user known; with no user the status stays `disconnected`).
 */
export async function openChat(friendId: number): Promise<void> {
  closeChat();
  const me = userId();
  if (me === null) return;
  const mine = generation;
  const roomId = chatRoomId(me, friendId);
  $chatRoom.set({ friendId, roomId });
  $chatConnection.set('connecting');
  since = new Date(Date.now() - CHAT_DEFAULT_SINCE_MS).toISOString();
  try {
    const page = await fetchChatHistory(me, friendId, roomId, 0);
    if (mine !== generation) return;
    historyOffset = page.length;
    $chatHasMore.set(page.length === CHAT_HISTORY_PAGE_SIZE);
    $chatMessages.set(page.map((message) => fromHistory(message, me)));
    advanceSince(page);
    const unread = page
      .filter((m) => m.dst_userId === me && m.dst_read === 0 && !m.isSystem)
      .map((m) => m.id);
    void markReceivedRead(unread);
    const newest = page.at(-1);
    streamLastId = newest ? String(newest.id) : null;
  } catch {
    if (mine !== generation) return;
    addSystem(CHAT_HISTORY_FAILED);
  }
  void pollOnce(mine);
  startStream(mine);
}

/** Reads the next older history page (spec: more pages exist while a page returns exactly 50). */
export async function loadOlderMessages(): Promise<void> {
  const room = $chatRoom.get();
  const me = userId();
  if (!room || me === null || !$chatHasMore.get()) return;
  const mine = generation;
  try {
    const page = await fetchChatHistory(me, room.friendId, room.roomId, historyOffset);
    if (mine !== generation) return;
    historyOffset += page.length;
    $chatHasMore.set(page.length === CHAT_HISTORY_PAGE_SIZE);
    const known = new Set($chatMessages.get().map((m) => m.serverId));
    const older = page.filter((m) => !known.has(m.id)).map((m) => fromHistory(m, me));
    $chatMessages.set([...older, ...$chatMessages.get()]);
  } catch {
    addSystem(CHAT_HISTORY_FAILED);
  }
}

/** Closes the open chat: polling stops and the status is `disconnected`. */
export function closeChat(): void {
  generation += 1;
  stopPolling();
  stopStream();
  streamLastId = null;
  failures = 0;
  historyOffset = 0;
  $chatRoom.set(null);
  $chatMessages.set([]);
  $chatHasMore.set(false);
  $chatConnection.set('disconnected');
}

/**
 * Sends a message in the open chat (docs/social.md): markup stripped first; over 10 per
 * 1000 ms it is not sent and a system message says so. Otherwise it shows as `pending`,
 * then `sent` when the call returns, also when it fails, with a system message carrying
 * the error.
 */
export async function sendMessage(text: string): Promise<void> {
  const room = $chatRoom.get();
  const me = userId();
  const content = cleanChatText(text);
  if (!room || me === null || !content) return;
  if (!limiter.tryAcquire(Date.now())) {
    addSystem(CHAT_RATE_LIMITED);
    return;
  }
  const messageId = newMessageId();
  const local: ClientChatMessage = {
    text: content,
    type: 'message-sent',
    timestamp: Date.now(),
    messageId,
    status: 'pending',
  };
  $chatMessages.set([...$chatMessages.get(), local]);
  const update = (patch: Partial<ClientChatMessage>) =>
    $chatMessages.set($chatMessages.get().map((m) => (m.messageId === messageId ? { ...m, ...patch } : m)));
  try {
    const answer = await sendChatMessage({
      userId: me,
      dst_userId: room.friendId,
      chatRoomId: room.roomId,
      content,
      messageId,
    });
    const serverId = answer.message?.id;
    const current = $chatMessages.get().find((m) => m.messageId === messageId);
    // A poll may already have seen it (delivered); never step a status back.
    if (current?.status === 'pending')
      update(serverId === undefined ? { status: 'sent' } : { status: 'sent', serverId });
  } catch (error) {
    update({ status: 'sent' });
    addSystem(error instanceof ApiError && error.message ? error.message : CHAT_SEND_FAILED);
  }
}

/** Writes the room's "now friends" system message (once per room; errors ignored). */
export async function announceFriendship(friendId: number): Promise<void> {
  const me = userId();
  if (me === null) return;
  try {
    await postChatSystem(me, friendId, chatRoomId(me, friendId));
  } catch {
    // Only a greeting: the friendship stands without it.
  }
}

let unreadTimer: ReturnType<typeof setInterval> | undefined;

/** Reads the unread counts once (errors ignored, docs/social.md). */
export async function refreshUnreadCounts(): Promise<void> {
  const me = userId();
  if (me === null) return;
  try {
    $unreadCounts.set(await fetchUnreadCounts(me));
  } catch {
    // List-load errors are silently ignored.
  }
}

/** Refreshes the unread counts now and every 10 s until {@link stopUnreadCounts}. */
export function startUnreadCounts(): void {
  stopUnreadCounts();
  void refreshUnreadCounts();
  unreadTimer = setInterval(() => void refreshUnreadCounts(), UNREAD_REFRESH_MS);
}

/** Stops the unread counts refresh. */
export function stopUnreadCounts(): void {
  if (unreadTimer !== undefined) clearInterval(unreadTimer);
  unreadTimer = undefined;
}

/** Test support: forgets the send limiter's history. */
export function resetChatLimiter(): void {
  limiter.reset();
}
