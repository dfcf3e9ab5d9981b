/**
 * The door window (docs/check-in.md, "Door window"): a scan admits, online or uploaded from
 * an offline scanner, only between {@link DOORS_OPEN_BEFORE_START_MS} before the event starts
 * and {@link DOORS_CLOSE_AFTER_END_MS} after it ends. Before it, marking a ticket 'used'
 * would take its holder's refund away weeks ahead of the event.
 */

/** Doors open this long before `starts_at`. */
export const DOORS_OPEN_BEFORE_START_MS = 6 * 60 * 60 * 1000;

/** Admissions stop this long after `ends_at` (late arrivals, a show that runs over). */
export const DOORS_CLOSE_AFTER_END_MS = 2 * 60 * 60 * 1000;

/** How far ahead of the server's clock an uploaded scan's time may be (clock drift). */
export const UPLOAD_CLOCK_SLACK_MS = 5 * 60 * 1000;

/** When an event's doors open and close; null when they are always open. */
export interface DoorWindow {
  opensAt: Date;
  closesAt: Date;
}

/** The event's door window (`alwaysOpen`: the development sandbox, where any day is door day). */
export function doorWindow(event: { startsAt: Date; endsAt: Date }, alwaysOpen = false): DoorWindow | null {
  if (alwaysOpen) return null;
  return {
    opensAt: new Date(event.startsAt.getTime() - DOORS_OPEN_BEFORE_START_MS),
    closesAt: new Date(event.endsAt.getTime() + DOORS_CLOSE_AFTER_END_MS),
  };
}

/** Whether `at` falls inside the window (always, without one). */
export function doorOpenAt(window: DoorWindow | null, at: Date): boolean {
  if (!window) return true;
  const time = at.getTime();
  return time >= window.opensAt.getTime() && time <= window.closesAt.getTime();
}
