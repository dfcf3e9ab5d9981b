/**
 * The virtual queue's calls (docs/virtual-queue.md): the waiting room's state, joining, one's
 * entry (polling or Server-Sent Events) and the shuffle's public verification data.
 */
import type { QueueEntryView, QueueState, QueueVerification } from '../contracts/queue.ts';
import { QUEUE_MESSAGES } from '../messages/queue.ts';
import { $sessionToken } from '../stores/session-token.ts';
import { getJson, postJson } from './client.ts';
import { readEventStream } from './event-stream.ts';
import { ApiError, apiBaseUrl, apiFetch } from './public-read.ts';

// The host's refusals (CPF, queue not open, pass) are pt-BR already: show them as sent.
const messages = { fallback: QUEUE_MESSAGES.loadFailed, preferServerMessage: true };

/** `GET /queue/{eventId}`: phase, commitment (and seed once revealed), serving place. */
export function fetchQueueState(eventId: number): Promise<QueueState> {
  return getJson<QueueState>(`queue/${eventId}`, messages);
}

/** `POST /queue/{eventId}/join`: joins (or re-reads one's entry); 409 asks for a CPF or names a CPF in use. */
export function joinQueue(eventId: number): Promise<QueueEntryView> {
  return postJson<QueueEntryView>(`queue/${eventId}/join`, {}, messages);
}

/** `GET /queue/{eventId}/me`: one's entry, with the pass once admitted (the polling fallback). */
export function fetchQueueEntry(eventId: number): Promise<QueueEntryView> {
  return getJson<QueueEntryView>(`queue/${eventId}/me`, messages, { retry: 0 });
}

/** `GET /queue/{eventId}/verification`: the pre-queue's order, the commitment and the seed. */
export function fetchQueueVerification(eventId: number): Promise<QueueVerification> {
  return getJson<QueueVerification>(`queue/${eventId}/verification`, messages);
}

/**
 * Reads `GET /queue/{eventId}/stream` (Server-Sent Events with the bearer token, so `fetch`
 * rather than `EventSource`) until it ends, fails or `signal` aborts, calling `onEntry` per
 * `position` event. Resolves when the stream ends; rejects on failure.
 */
export async function readQueueStream(
  eventId: number,
  onEntry: (entry: QueueEntryView) => void,
  signal: AbortSignal,
): Promise<void> {
  const url = new URL(`queue/${eventId}/stream`, `${apiBaseUrl().replace(/\/+$/, '')}/`);
  const headers = new Headers({ accept: 'text/event-stream' });
  const token = $sessionToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await apiFetch()(url, { headers, signal });
  if (!response.ok || !response.body)
    throw new ApiError(QUEUE_MESSAGES.loadFailed, { status: response.status });
  await readEventStream(response.body, ({ event, data }) => {
    if (event !== 'position' || !data) return;
    try {
      onEntry(JSON.parse(data) as QueueEntryView);
    } catch {
      // A malformed event is skipped; the next one (or polling) brings the entry.
    }
  });
}
