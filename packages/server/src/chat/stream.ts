import type { ServerChatMessage } from '@plateia/core/contracts/chat';
import { startEventStream, type TakeOver } from '../db/notifications.ts';
import type { Queryable } from '../db/sql.ts';
import type { ChatFanOut } from './fan-out.ts';
import { lastMessageId, messagesAfterId } from './messages.ts';

/** One open stream of a room to one customer. */
export interface ChatStreamInput {
  customerId: number;
  roomId: string;
  /** Resume after this message id (`Last-Event-ID`); null starts from now. */
  lastEventId: number | null;
}

function event(message: ServerChatMessage): string {
  return `id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * Streams a room's new messages as Server-Sent Events (200, `text/event-stream`): first what came after `lastEventId`, then every message any API
 * process stores, pushed through the fan-out. Each event's id is the message id, so a
 * reconnecting browser resumes with `Last-Event-ID`. Resolves a function that ends it.
 * The room is checked first (400/403 are thrown before anything is written).
 */
export async function openChatStream(
  db: Queryable,
  fanOut: ChatFanOut,
  input: ChatStreamInput,
  /** Takes the response over from the framework; called only once the room is checked. */
  takeOver: TakeOver,
): Promise<() => void> {
  const backlog = await messagesAfterId(db, input.customerId, input.roomId, input.lastEventId ?? 0);
  let lastSent = input.lastEventId ?? (await lastMessageId(db, input.roomId));
  const { raw, stop } = startEventStream(takeOver);
  if (input.lastEventId !== null) {
    for (const message of backlog) {
      raw.write(event(message));
      lastSent = Math.max(lastSent, message.id);
    }
  }
  // Notifications are hints: each one reads what came after the last message sent, one
  // read at a time, so nothing is sent twice or out of order.
  let chain = Promise.resolve();
  let closed = false;
  const pull = () => {
    chain = chain.then(async () => {
      if (closed) return;
      const fresh = await messagesAfterId(db, input.customerId, input.roomId, lastSent).catch(() => []);
      for (const message of fresh) {
        if (closed) return;
        raw.write(event(message));
        lastSent = Math.max(lastSent, message.id);
      }
    });
  };
  const unsubscribe = await fanOut.subscribe(input.roomId, (id) => {
    if (id > lastSent) pull();
  });
  // A message stored between the backlog read and the subscription is not lost.
  pull();
  const end = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    stop();
  };
  raw.on('close', end);
  return end;
}
