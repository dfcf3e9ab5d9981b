import type { ClientChatMessage, ServerChatMessage } from '../contracts/chat.ts';
import { cleanChatText } from './chat-text.ts';

/** Spec §4: an own message with the same text within this many ms is the same message. */
export const CHAT_DUPLICATE_WINDOW_MS = 10_000;

/**
 * A message from history as shown (docs/social.md): own messages are `read` when `dst_read` is 1,
 * else `delivered`; others are received; system lines are system. Markup is stripped on receipt.
 */
export function fromHistory(message: ServerChatMessage, userId: number): ClientChatMessage {
  const own = message.user_id === userId;
  return {
    text: cleanChatText(message.content),
    type: message.isSystem ? 'system' : own ? 'message-sent' : 'message-received',
    timestamp: Date.parse(message.created_at),
    messageId: own && message.messageId ? message.messageId : `server-${message.id}`,
    status: own ? (message.dst_read === 1 ? 'read' : 'delivered') : 'delivered',
    serverId: message.id,
  };
}

/**
 * Spec §4 duplicate detection: the index of the local own message that `incoming` (an own
 * message from the server) repeats: the same `messageId`, or the same text within 10 s of a
 * local message the server has not confirmed yet. -1 when it is new.
 */
export function findOwnDuplicate(
  messages: readonly ClientChatMessage[],
  incoming: ClientChatMessage,
): number {
  const byId = messages.findIndex(
    (message) =>
      message.messageId === incoming.messageId ||
      (incoming.serverId !== undefined && message.serverId === incoming.serverId),
  );
  if (byId !== -1) return byId;
  return messages.findIndex(
    (message) =>
      message.type === 'message-sent' &&
      message.serverId === undefined &&
      message.text === incoming.text &&
      Math.abs(message.timestamp - incoming.timestamp) <= CHAT_DUPLICATE_WINDOW_MS,
  );
}

/**
 * Adds polled messages (docs/social.md: they are `delivered`) to the list: a repeat of a message
 * already shown updates it instead of adding it twice. Answers the new list and the server
 * ids of the messages received from the friend that were new.
 */
export function mergePolled(
  messages: readonly ClientChatMessage[],
  polled: readonly ServerChatMessage[],
  userId: number,
): { messages: ClientChatMessage[]; received: number[] } {
  const next = [...messages];
  const received: number[] = [];
  for (const server of polled) {
    const incoming = { ...fromHistory(server, userId), status: 'delivered' as const };
    if (incoming.type === 'message-sent') {
      const at = findOwnDuplicate(next, incoming);
      const current = at === -1 ? undefined : next[at];
      if (current) {
        next[at] = {
          ...current,
          serverId: server.id,
          status: current.status === 'read' ? 'read' : 'delivered',
        };
        continue;
      }
    } else if (next.some((message) => message.serverId === server.id)) {
      continue;
    } else if (incoming.type === 'message-received') {
      received.push(server.id);
    }
    next.push(incoming);
  }
  return { messages: next, received };
}
