import type { ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { QueueEntryView } from '@plateia/core/contracts/queue';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { QUEUE_CHANNEL } from './queue.ts';

/** Comment lines keep idle proxies from closing a quiet stream. */
export const QUEUE_STREAM_HEARTBEAT_MS = 25_000;
/** The position is re-read at least this often even without a notification (a pass may expire). */
export const QUEUE_STREAM_REFRESH_MS = 15_000;
/** What the browser waits before reconnecting (the SSE `retry` field). */
export const QUEUE_STREAM_RETRY_MS = 3000;

type Listener = () => void;

/**
 * "The queue of event N moved", pushed to this process's open waiting-room streams. Every API
 * process listens on `plateia_queue` (PostgreSQL LISTEN/NOTIFY, as the chat does), so an
 * admission round run by any process reaches the streams open on all of them.
 */
export interface QueueFanOut {
  subscribe(eventId: number, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
}

async function listen(db: Database, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const driver = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if ('listen' in driver && typeof driver.listen === 'function') {
    const unlisten = await driver.listen(QUEUE_CHANNEL, onPayload);
    return async () => unlisten();
  }
  const client = await (driver as pg.Pool).connect();
  client.on('notification', (message) => {
    if (message.channel === QUEUE_CHANNEL && message.payload) onPayload(message.payload);
  });
  await client.query(`LISTEN ${QUEUE_CHANNEL}`);
  return async () => {
    await client.query(`UNLISTEN ${QUEUE_CHANNEL}`).catch(() => {});
    client.release(true);
  };
}

/** The process's fan-out over `db`; the listening connection opens on the first subscription. */
export function queueFanOut(db: Database): QueueFanOut {
  const events = new Map<number, Set<Listener>>();
  let started: Promise<() => Promise<void>> | null = null;
  const deliver = (payload: string) => {
    for (const listener of events.get(Number(payload)) ?? []) listener();
  };
  return {
    async subscribe(eventId, listener) {
      started ??= listen(db, deliver).catch((error: unknown) => {
        started = null;
        throw error;
      });
      await started;
      let listeners = events.get(eventId);
      if (!listeners) {
        listeners = new Set();
        events.set(eventId, listeners);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events.delete(eventId);
      };
    },
    async close() {
      events.clear();
      const unlisten = await started?.catch(() => null);
      started = null;
      await unlisten?.();
    },
  };
}

/**
 * Streams a buyer's entry as Server-Sent Events (`event: position`, the entry view as data):
 * once at the start, again whenever the queue moves (notification) and every 15 s. Only
 * changes are sent. Resolves a function that ends it.
 */
export async function openQueueStream(
  fanOut: QueueFanOut,
  eventId: number,
  read: () => Promise<QueueEntryView>,
  takeOver: () => { raw: ServerResponse; headers: Record<string, string | number | string[] | undefined> },
): Promise<() => void> {
  const first = await read();
  const { raw, headers } = takeOver();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${QUEUE_STREAM_RETRY_MS}\n\n`);
  let last = '';
  let closed = false;
  const send = (view: QueueEntryView) => {
    const data = JSON.stringify(view);
    if (closed || data === last) return;
    last = data;
    raw.write(`event: position\ndata: ${data}\n\n`);
  };
  send(first);
  let chain = Promise.resolve();
  const pull = () => {
    chain = chain.then(async () => {
      if (closed) return;
      const view = await read().catch(() => null);
      if (view) send(view);
    });
  };
  const unsubscribe = await fanOut.subscribe(eventId, pull);
  pull();
  const refresh = setInterval(pull, QUEUE_STREAM_REFRESH_MS);
  const heartbeat = setInterval(() => raw.write(': ok\n\n'), QUEUE_STREAM_HEARTBEAT_MS);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(refresh);
    clearInterval(heartbeat);
    unsubscribe();
    raw.end();
  };
  raw.on('close', end);
  return end;
}
