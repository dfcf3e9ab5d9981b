import type { Database } from '../db/client.ts';
import { type NotificationFanOut, notificationFanOut } from '../db/notifications.ts';

/** The PostgreSQL channel `sendMessage` notifies with `{ room, id }` after each message. */
export const CHAT_CHANNEL = 'plateia_chat';

/**
 * New chat messages pushed to this process's open streams, by room: every API process
 * listens on the `plateia_chat` channel, so a message sent through any process reaches the
 * streams open on all of them.
 */
export type ChatFanOut = NotificationFanOut<string, number>;

/** Creates the process's fan-out over `db`. */
export function chatFanOut(db: Database, log: { error(details: object, message: string): void }): ChatFanOut {
  return notificationFanOut(db, CHAT_CHANNEL, (payload) => {
    try {
      const { room, id } = JSON.parse(payload) as { room?: unknown; id?: unknown };
      return typeof room === 'string' && typeof id === 'number' ? { key: room, value: id } : null;
    } catch (error) {
      log.error({ err: error }, 'unreadable chat notification');
      return null;
    }
  });
}
