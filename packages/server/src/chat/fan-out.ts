import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/client.ts';

/** The PostgreSQL channel `sendMessage` notifies with `{ room, id }` after each message. */
export const CHAT_CHANNEL = 'plateia_chat';

/** Called with a new message's id in a room the listener subscribed to. */
export type RoomListener = (messageId: number) => void;

/**
 * New chat messages pushed to this process's open streams. Every API process listens on
 * the `plateia_chat` channel (PostgreSQL `LISTEN/NOTIFY`), so a message sent through any
 * process reaches the streams open on all of them. The listening connection is opened on
 * the first subscription and closed with the app.
 */
export interface ChatFanOut {
  subscribe(roomId: string, listener: RoomListener): Promise<() => void>;
  close(): Promise<void>;
}

type Unlisten = () => Promise<void>;

async function listen(db: Database, onPayload: (payload: string) => void): Promise<Unlisten> {
  // drizzle keeps the driver as `$client`: a PGlite instance or a node-postgres pool.
  const driver = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('listen' in driver && typeof driver.listen === 'function') {
    const unlisten = await driver.listen(CHAT_CHANNEL, onPayload);
    return async () => unlisten();
  }
  const pool = driver as pg.Pool;
  const client = await pool.connect();
  client.on('notification', (message) => {
    if (message.channel === CHAT_CHANNEL && message.payload) onPayload(message.payload);
  });
  await client.query(`LISTEN ${CHAT_CHANNEL}`);
  return async () => {
    await client.query(`UNLISTEN ${CHAT_CHANNEL}`).catch(() => {});
    client.release(true);
  };
}

/** Creates the process's fan-out over `db`. */
export function chatFanOut(db: Database, log: { error(details: object, message: string): void }): ChatFanOut {
  const rooms = new Map<string, Set<RoomListener>>();
  let started: Promise<Unlisten> | null = null;
  const deliver = (payload: string) => {
    try {
      const { room, id } = JSON.parse(payload) as { room?: unknown; id?: unknown };
      if (typeof room !== 'string' || typeof id !== 'number') return;
      for (const listener of rooms.get(room) ?? []) listener(id);
    } catch (error) {
      log.error({ err: error }, 'unreadable chat notification');
    }
  };
  return {
    async subscribe(roomId, listener) {
      started ??= listen(db, deliver).catch((error: unknown) => {
        started = null;
        throw error;
      });
      await started;
      let listeners = rooms.get(roomId);
      if (!listeners) {
        listeners = new Set();
        rooms.set(roomId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) rooms.delete(roomId);
      };
    },
    async close() {
      rooms.clear();
      const unlisten = await started?.catch(() => null);
      started = null;
      await unlisten?.();
    },
  };
}
