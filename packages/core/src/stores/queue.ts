import { atom } from 'nanostores';
import {
  fetchQueueEntry,
  fetchQueueState,
  fetchQueueVerification,
  joinQueue,
  readQueueStream,
} from '../api/queue.ts';
import type { QueueEntryView, QueueState, QueueVerification } from '../contracts/queue.ts';
import { createFetcherStore } from './fetcher.ts';
import { $queuePass } from './queue-pass.ts';

/**
 * The waiting room of a high-demand event (docs/virtual-queue.md): the queue's public state,
 * this account's entry pushed live (Server-Sent Events) with polling as the fallback, and the
 * admission pass recorded in `$queuePass` for the API client to carry. The entry lives on the
 * API host, so a refresh or another device finds the same place.
 */

/** Polling interval when the push stream is unavailable. */
export const QUEUE_POLL_MS = 5000;
/** Wait before reopening a push stream that ended or failed. */
export const QUEUE_STREAM_RETRY_MS = 3000;

/** The waiting room's public state (null until read). */
export const $queueState = atom<QueueState | null>(null);
/** This account's entry (null until read, or when logged out). */
export const $queueEntry = atom<QueueEntryView | null>(null);
/** The last failure's pt-BR message, or null. */
export const $queueError = atom<string | null>(null);
/** Whether updates arrive through the push stream (`live`) or polling (`polling`). */
export const $queueTransport = atom<'idle' | 'live' | 'polling'>('idle');

let watching: { eventId: number; abort: AbortController; timer?: ReturnType<typeof setTimeout> } | null =
  null;

function record(entry: QueueEntryView): void {
  $queueEntry.set(entry);
  if (entry.status === 'admitted' && entry.pass && entry.passExpiresAt) {
    $queuePass.set({ eventId: entry.eventId, token: entry.pass, expiresAt: entry.passExpiresAt });
  } else if ($queuePass.get()?.eventId === entry.eventId) {
    $queuePass.set(null);
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Reads the waiting room's public state. */
export async function loadQueueState(eventId: number): Promise<void> {
  try {
    $queueState.set(await fetchQueueState(eventId));
  } catch (error) {
    $queueError.set(message(error));
  }
}

/** Joins the queue (the server keeps one entry per account and CPF); refusals land in `$queueError`. */
export async function enterQueue(eventId: number): Promise<void> {
  $queueError.set(null);
  try {
    record(await joinQueue(eventId));
    await loadQueueState(eventId);
  } catch (error) {
    $queueError.set(message(error));
  }
}

/**
 * Follows this account's entry: the push stream while it works, polling every 5 s while it
 * does not (or when `streaming` is false), until {@link stopWatchingQueue}.
 */
export function watchQueue(eventId: number, options: { streaming?: boolean } = {}): void {
  stopWatchingQueue();
  const abort = new AbortController();
  const current = { eventId, abort } as NonNullable<typeof watching>;
  watching = current;
  const poll = async () => {
    if (abort.signal.aborted) return;
    try {
      record(await fetchQueueEntry(eventId));
      if ($queueEntry.get()?.status !== 'none') void loadQueueState(eventId);
    } catch (error) {
      $queueError.set(message(error));
    }
    if (!abort.signal.aborted) current.timer = setTimeout(poll, QUEUE_POLL_MS);
  };
  const stream = async () => {
    while (!abort.signal.aborted) {
      try {
        await readQueueStream(
          eventId,
          (entry) => {
            $queueTransport.set('live');
            record(entry);
            void loadQueueState(eventId);
          },
          abort.signal,
        );
      } catch {
        if (abort.signal.aborted) return;
        // The stream is not available: fall back to polling.
        $queueTransport.set('polling');
        void poll();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, QUEUE_STREAM_RETRY_MS));
    }
  };
  void loadQueueState(eventId);
  if (options.streaming === false || typeof ReadableStream === 'undefined') {
    $queueTransport.set('polling');
    void poll();
  } else {
    void stream();
  }
}

/** Stops following the entry. */
export function stopWatchingQueue(): void {
  if (!watching) return;
  watching.abort.abort();
  if (watching.timer !== undefined) clearTimeout(watching.timer);
  watching = null;
  $queueTransport.set('idle');
}

/** The event whose shuffle the public verification page (`/fila/{eventId}/verificar`) checks. */
export const $queueVerificationEventId = atom<number | null>(null);

/**
 * The public record of {@link $queueVerificationEventId}'s shuffle: the pre-queue's ids in
 * the order given, the commitment and, once revealed, the seed. No account needed.
 */
export const $queueVerification = createFetcherStore<QueueVerification>(
  ['queue/verification/', $queueVerificationEventId],
  { fetcher: (...parts) => fetchQueueVerification(Number(parts[1])) },
);
