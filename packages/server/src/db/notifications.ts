import type { ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * A PostgreSQL `LISTEN/NOTIFY` channel fanned out to this process's listeners by key. Every
 * API process listens on the channel, so a notification sent through any process reaches
 * what is open on all of them. The listening connection opens on the first subscription
 * and closes with `close()`.
 */
export interface NotificationFanOut<K, V> {
  subscribe(key: K, listener: (value: V) => void): Promise<() => void>;
  close(): Promise<void>;
}

type Unlisten = () => Promise<void>;

async function listen(
  db: Database,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  // drizzle keeps the driver as `$client`: a PGlite instance or a node-postgres pool.
  const driver = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('listen' in driver && typeof driver.listen === 'function') {
    const unlisten = await driver.listen(channel, onPayload);
    return async () => unlisten();
  }
  const client = await (driver as pg.Pool).connect();
  client.on('notification', (message) => {
    if (message.channel === channel && message.payload) onPayload(message.payload);
  });
  await client.query(`LISTEN ${channel}`);
  return async () => {
    await client.query(`UNLISTEN ${channel}`).catch(() => {});
    client.release(true);
  };
}

/**
 * The process's fan-out of `channel`: `route` reads a payload as the key whose listeners get
 * it and the value they are called with, or null to drop it.
 */
export function notificationFanOut<K, V>(
  db: Database,
  channel: string,
  route: (payload: string) => { key: K; value: V } | null,
): NotificationFanOut<K, V> {
  const listenersByKey = new Map<K, Set<(value: V) => void>>();
  let started: Promise<Unlisten> | null = null;
  const deliver = (payload: string) => {
    const routed = route(payload);
    if (!routed) return;
    for (const listener of listenersByKey.get(routed.key) ?? []) listener(routed.value);
  };
  return {
    async subscribe(key, listener) {
      started ??= listen(db, channel, deliver).catch((error: unknown) => {
        started = null;
        throw error;
      });
      await started;
      let listeners = listenersByKey.get(key);
      if (!listeners) {
        listeners = new Set();
        listenersByKey.set(key, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) listenersByKey.delete(key);
      };
    },
    async close() {
      listenersByKey.clear();
      const unlisten = await started?.catch(() => null);
      started = null;
      await unlisten?.();
    },
  };
}

/** Comment lines keep idle proxies from closing a quiet Server-Sent Events stream. */
export const EVENT_STREAM_HEARTBEAT_MS = 25_000;
/** What the browser waits before reconnecting (the SSE `retry` field). */
export const EVENT_STREAM_RETRY_MS = 3000;

/** Takes a response over from the framework: the raw response and the headers set so far. */
export type TakeOver = () => {
  raw: ServerResponse;
  headers: Record<string, string | number | string[] | undefined>;
};

/**
 * Starts a Server-Sent Events answer (200, `text/event-stream`, never cached or buffered by
 * a proxy) with its `retry` field and a heartbeat; `stop` ends the heartbeat, and the stream
 * with it.
 */
export function startEventStream(takeOver: TakeOver): { raw: ServerResponse; stop: () => void } {
  const { raw, headers } = takeOver();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n`);
  const heartbeat = setInterval(() => raw.write(': ok\n\n'), EVENT_STREAM_HEARTBEAT_MS);
  return {
    raw,
    stop: () => {
      clearInterval(heartbeat);
      raw.end();
    },
  };
}
