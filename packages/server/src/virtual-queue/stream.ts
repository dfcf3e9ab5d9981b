import type { QueueEntryView } from '@plateia/core/contracts/queue';
import type { Database } from '../db/client.ts';
import {
  type NotificationFanOut,
  notificationFanOut,
  startEventStream,
  type TakeOver,
} from '../db/notifications.ts';
import { QUEUE_CHANNEL } from './queue.ts';

/** The position is re-read at least this often even without a notification (a pass may expire). */
export const QUEUE_STREAM_REFRESH_MS = 15_000;

/**
 * "The queue of event N moved", pushed to this process's open waiting-room streams. Every API
 * process listens on `plateia_queue` (PostgreSQL LISTEN/NOTIFY, as the chat does), so an
 * admission round run by any process reaches the streams open on all of them.
 */
export type QueueFanOut = NotificationFanOut<number, undefined>;

/** The process's fan-out over `db`; the listening connection opens on the first subscription. */
export function queueFanOut(db: Database): QueueFanOut {
  return notificationFanOut(db, QUEUE_CHANNEL, (payload) => ({ key: Number(payload), value: undefined }));
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
  takeOver: TakeOver,
): Promise<() => void> {
  const first = await read();
  const { raw, stop } = startEventStream(takeOver);
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
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(refresh);
    unsubscribe();
    stop();
  };
  raw.on('close', end);
  return end;
}
