/**
 * Seat holds (docs/buying.md): a seat joins the cart only when it is not already
 * there and the seat service says it is available; then it is held for 600 seconds, and
 * any failure after that releases it again. Also the bookkeeping of seat holds kept in
 * browser storage (`plateia:seatHolds`: event id and seat ids).
 */
import type { EntityId } from '../contracts/ids.ts';
import { RATE_LIMIT_MESSAGES } from '../messages/rate-limits.ts';
import { SEAT_MESSAGES } from '../messages/seat-hold.ts';

/** Hold the product's seat flow requests (docs/buying.md). */
export const SEAT_HOLD_SECONDS = 600;

/** Hold the seat service applies when none is requested (docs/buying.md). */
export const SEAT_SERVICE_DEFAULT_HOLD_SECONDS = 900;

/** The status that lets a seat be added (docs/buying.md). */
export const SEAT_STATUS_AVAILABLE = 'available';

/**
 * A seat this browser session already holds but that is not in the cart (a hold left by
 * a failed add, or kept after quitting checkout): holding it again only extends the hold,
 * so it counts as available to this session.
 */
export const SEAT_STATUS_HELD_BY_YOU = 'held_by_you';

const addable = new Set([SEAT_STATUS_AVAILABLE, SEAT_STATUS_HELD_BY_YOU]);

/**
 * Why the seats cannot be added, or `null` when the flow may hold them. The cart check
 * comes first: a seat this browser already holds is not "available" to the seat service,
 * and the person should hear that it is in their cart, not that it was lost.
 */
export function seatAddBlocker(
  seatIds: readonly string[],
  statuses: Readonly<Record<string, string | undefined>>,
  seatIdsInCart: ReadonlySet<string>,
): string | null {
  const local = seatCartBlocker(seatIds, seatIdsInCart);
  if (local) return local;
  if (seatIds.some((id) => !addable.has(statuses[id] ?? ''))) return SEAT_MESSAGES.notAvailable;
  return null;
}

/**
 * The part of {@link seatAddBlocker} that needs no seat service: an empty selection, or a
 * seat already in the cart. Checked before asking the service, to spare the call.
 */
export function seatCartBlocker(
  seatIds: readonly string[],
  seatIdsInCart: ReadonlySet<string>,
): string | null {
  if (seatIds.length === 0) return SEAT_MESSAGES.addFailed;
  if (seatIds.some((id) => seatIdsInCart.has(id))) return SEAT_MESSAGES.alreadyInCart;
  return null;
}

/**
 * The message for a failed hold: HTTP 409 means another session got the seat first, and
 * the server's own text wins when it sent one; a 403 (a virtual queue's refusal) keeps the
 * server's text; a 429 (a hold limit: too fast, too many seats, held too long) keeps the
 * limit's own text, or says to wait; anything else is the default add error.
 */
export function holdFailureMessage(status: number, serverMessage?: string): string {
  if (status === 409) return serverMessage?.trim() ? serverMessage : SEAT_MESSAGES.takenByAnother;
  // A virtual queue's refusal (403 queue_pass_*): its pt-BR text says to join the queue.
  if (status === 403 && serverMessage?.trim()) return serverMessage;
  if (status === 429) return serverMessage?.trim() ? serverMessage : RATE_LIMIT_MESSAGES.seatHoldTooFast;
  return SEAT_MESSAGES.addFailed;
}

/**
 * One stored hold record (docs/buying.md): seats this browser holds at one event, and the
 * session id that holds them. Holds belong to a session; the records are shared with
 * other tabs (which may have their own session id), so releasing, refreshing or
 * reserving those seats must speak as the session that holds them.
 */
export interface SeatHold {
  eventId: EntityId;
  seatIds: string[];
  /** The holding session; absent in records written before it was kept (the current one). */
  sessionId?: string;
}

const sameEvent = (a: EntityId, b: EntityId) => String(a) === String(b);

/** Records seats as held by a session, merged into that event and session's record. */
export function addSeatHold(
  holds: readonly SeatHold[],
  eventId: EntityId,
  seatIds: readonly string[],
  sessionId?: string,
): SeatHold[] {
  // A seat belongs to one record: taken by this session now, it leaves other sessions' records.
  const others = holds.flatMap((hold) =>
    hold.sessionId === sessionId ? [hold] : removeSeatHold([hold], eventId, seatIds),
  );
  const index = others.findIndex((hold) => sameEvent(hold.eventId, eventId) && hold.sessionId === sessionId);
  const existing = others[index];
  if (!existing) {
    const ids = [...new Set(seatIds)];
    return [
      ...others,
      sessionId === undefined ? { eventId, seatIds: ids } : { eventId, seatIds: ids, sessionId },
    ];
  }
  const merged = { ...existing, seatIds: [...new Set([...existing.seatIds, ...seatIds])] };
  return others.map((hold, i) => (i === index ? merged : hold));
}

/** Forgets seats; a record left without seats is dropped. */
export function removeSeatHold(
  holds: readonly SeatHold[],
  eventId: EntityId,
  seatIds: readonly string[],
): SeatHold[] {
  const drop = new Set(seatIds);
  return holds.flatMap((hold) => {
    if (!sameEvent(hold.eventId, eventId)) return [hold];
    const left = hold.seatIds.filter((id) => !drop.has(id));
    return left.length > 0 ? [{ ...hold, seatIds: left }] : [];
  });
}

/** The record holding a seat, if any. */
const recordOf = (holds: readonly SeatHold[], eventId: EntityId, seatId: string): SeatHold | undefined =>
  holds.find((hold) => sameEvent(hold.eventId, eventId) && hold.seatIds.includes(seatId));

/** The session recorded as holding a seat, or `undefined` when none is recorded. */
export function holderSessionOf(
  holds: readonly SeatHold[],
  eventId: EntityId,
  seatId: string,
): string | undefined {
  return recordOf(holds, eventId, seatId)?.sessionId;
}

/** Whether any record holds the seat. */
export function isSeatRecorded(holds: readonly SeatHold[], eventId: EntityId, seatId: string): boolean {
  return recordOf(holds, eventId, seatId) !== undefined;
}

/**
 * Splits seats by the session that holds them (`fallback` for seats without a record),
 * one group per event and session: the shape of release and hold calls.
 */
export function groupBySession(
  holds: readonly SeatHold[],
  eventId: EntityId,
  seatIds: readonly string[],
  fallback: string,
): Array<{ eventId: EntityId; seatIds: string[]; sessionId: string }> {
  const groups = new Map<string, string[]>();
  for (const id of seatIds) {
    const session = holderSessionOf(holds, eventId, id) ?? fallback;
    groups.set(session, [...(groups.get(session) ?? []), id]);
  }
  return [...groups].map(([sessionId, ids]) => ({ eventId, seatIds: ids, sessionId }));
}
