/**
 * The seat service (docs/buying.md): seat statuses for this browser session, and
 * holding and releasing seats. Every request and answer shape of the seat service is
 * mapped here. Failures reject with an `ApiError`.
 */
import type { EntityId } from '../contracts/ids.ts';
import { SEAT_MESSAGES } from '../messages/seat-hold.ts';
import { apiClient, callApi, getJson, postJson } from './client.ts';
import { ApiError, wireId } from './public-read.ts';

export type { SeatStatus } from '../contracts/seat-map.ts';

const seatAddMessages = { 409: SEAT_MESSAGES.takenByAnother, fallback: SEAT_MESSAGES.addFailed };

/** The seats of an event and the session they are for, as the seat service's bodies name them. */
const seatsBody = (eventId: EntityId, seatIds: readonly string[], sessionId: string) => ({
  eventId: wireId(eventId),
  seatIds: seatIds.map(wireId),
  sessionId,
});

/**
 * `GET /seat/status`: the status of each seat for this browser session. Without seat ids
 * the service answers only the seats that are not available (the picker's sparse view).
 */
export async function fetchSeatStatus(
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId: string,
): Promise<Record<string, string>> {
  // An empty `seatIds` is left out of the query (undefined search parameters are).
  const answer = await getJson<{ data?: Record<string, string> }>('seat/status', seatAddMessages, {
    searchParams: { eventId, sessionId, seatIds: seatIds.join(',') || undefined },
  });
  return answer.data ?? {};
}

/**
 * `POST /seat/hold`: holds all the seats for this session, or none. A taken seat rejects
 * with status 409 and the server's message.
 */
export async function holdSeats(
  eventId: EntityId,
  seatIds: readonly string[],
  holdSeconds: number,
  sessionId: string,
): Promise<void> {
  const answer = await postJson<{ success?: boolean; message?: string }>(
    'seat/hold',
    { ...seatsBody(eventId, seatIds, sessionId), holdSeconds },
    seatAddMessages,
  );
  if (answer.success === false) {
    throw new ApiError(answer.message || SEAT_MESSAGES.takenByAnother, {
      status: 409,
      serverMessage: answer.message,
      data: answer,
    });
  }
}

/** `POST /seat/release`: gives this session's holds on the seats back. */
export async function releaseSeats(
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId: string,
): Promise<void> {
  await callApi(() => apiClient().post('seat/release', { json: seatsBody(eventId, seatIds, sessionId) }), {
    fallback: SEAT_MESSAGES.removeFailed,
  });
}
