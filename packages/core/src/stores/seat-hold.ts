import { atom } from 'nanostores';
import { fetchSeatStatus, holdSeats, releaseSeats } from '../api/seat-hold.ts';
import type { EntityId } from '../contracts/ids.ts';
import type { SeatRelease } from '../rules/cart.ts';
import {
  addSeatHold,
  groupBySession,
  holderSessionOf,
  removeSeatHold,
  SEAT_HOLD_SECONDS,
  type SeatHold,
} from '../rules/seat-hold.ts';
import { persistentAtom } from './browser-storage.ts';
import { sessionId } from './session.ts';

/**
 * Seat holds (docs/buying.md): the holds this browser keeps (`plateia:seatHolds`), holding
 * and releasing seats for this session, and the seat statuses the picker draws. The flow
 * that puts a seat in the cart lives with the cart (`addSeatToCart` in stores/cart.ts),
 * which builds on these actions; the seat maps themselves are in stores/seat-map.ts.
 */

function isSeatHoldList(value: unknown): value is SeatHold[] {
  // Optional chaining also turns away entries that are not objects at all.
  return (
    Array.isArray(value) &&
    value.every(
      (hold) =>
        (typeof hold?.eventId === 'string' || typeof hold?.eventId === 'number') &&
        Array.isArray(hold.seatIds),
    )
  );
}

/** Seats this browser holds, per event (docs/buying.md seat hold record), in `plateia:seatHolds`. */
export const $seatHolds = persistentAtom<SeatHold[]>('plateia:seatHolds', [], {
  // An empty list leaves no key behind.
  encode: (holds) => (holds.length === 0 ? null : JSON.stringify(holds)),
  decode: (raw) => {
    const value: unknown = JSON.parse(raw);
    return isSeatHoldList(value)
      ? value.map((hold) => ({ ...hold, seatIds: hold.seatIds.map(String) }))
      : undefined;
  },
});

/**
 * Holds seats (`POST /seat/hold`, 600 s by default) for this tab's session, or for the
 * session given (renewing a hold another tab made), and records them with that session.
 * Rejects with the API error (409 when another session has one of them).
 */
export async function holdSeatsForSession(
  eventId: EntityId,
  seatIds: readonly string[],
  holdSeconds: number = SEAT_HOLD_SECONDS,
  session: string = sessionId(),
): Promise<void> {
  await holdSeats(eventId, seatIds, holdSeconds, session);
  $seatHolds.set(addSeatHold($seatHolds.get(), eventId, seatIds, session));
}

/**
 * Renews holds for the full seat-hold period, each as the session that holds it. Resolves
 * with the holds that could not be renewed (taken meanwhile or unreachable).
 */
export async function refreshSeatHolds(holds: readonly SeatHold[]): Promise<SeatHold[]> {
  const failed: SeatHold[] = [];
  for (const hold of holds) {
    try {
      // A record without a session is this tab's: the default, as for an undefined one.
      await holdSeatsForSession(hold.eventId, hold.seatIds, SEAT_HOLD_SECONDS, hold.sessionId);
    } catch {
      failed.push(hold);
    }
  }
  return failed;
}

/**
 * Releases seats (`POST /seat/release`, one call per event and holding session) and
 * forgets them. Every call is tried; the first failure is rethrown after the others ran,
 * and seats whose release failed stay recorded so a later release can try again.
 */
export async function releaseSeatHolds(releases: readonly SeatRelease[]): Promise<void> {
  let failure: unknown = null;
  // A release without seats makes no group, so no call.
  for (const release of releases) {
    for (const group of groupBySession($seatHolds.get(), release.eventId, release.seatIds, sessionId())) {
      try {
        await releaseSeats(group.eventId, group.seatIds, group.sessionId);
        $seatHolds.set(removeSeatHold($seatHolds.get(), group.eventId, group.seatIds));
      } catch (error) {
        failure ??= error;
      }
    }
  }
  if (failure) throw failure;
}

/**
 * The session to reserve these seats as: the one recorded as holding them (the reservation
 * must come from the holder), else this tab's.
 */
export function holdingSessionId(seats: readonly SeatRelease[]): string {
  const holds = $seatHolds.get();
  for (const entry of seats) {
    for (const id of entry.seatIds) {
      const holder = holderSessionOf(holds, entry.eventId, id);
      if (holder) return holder;
    }
  }
  return sessionId();
}

/** Seat statuses by event id, then seat id (`available`, `held`, `sold`, …). */
export const $seatStatuses = atom<Readonly<Record<string, Readonly<Record<string, string>>>>>({});

/**
 * Fetches the status of seats (`GET /seat/status`) and merges it into {@link $seatStatuses}.
 * With no seat ids the answer is sparse (every seat that is not available) and so the whole
 * truth: it replaces the event's statuses, so a seat released meanwhile shows as available
 * again. Returns the statuses it read; rejects with the API error.
 */
export async function refreshSeatStatus(
  eventId: EntityId,
  seatIds: readonly string[],
): Promise<Record<string, string>> {
  const statuses = await fetchSeatStatus(eventId, seatIds, sessionId());
  const all = $seatStatuses.get();
  $seatStatuses.set({
    ...all,
    [eventId]: seatIds.length === 0 ? statuses : { ...all[eventId], ...statuses },
  });
  return statuses;
}
