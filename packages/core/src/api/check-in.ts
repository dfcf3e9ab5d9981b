import type {
  CheckInEventSummary,
  CheckInManifestPage,
  CheckInOnlineAnswer,
  CheckInQueuedScan,
  CheckInReport,
  CheckInUploadAnswer,
  MeiaUpgradeAnswer,
} from '../contracts/check-in.ts';
import { CHECK_IN_API_MESSAGES } from '../messages/check-in.ts';
import { getJson, postJson } from './client.ts';

export type {
  CheckInEventSummary,
  CheckInManifestPage,
  CheckInOnlineAnswer,
  CheckInQueuedScan,
  CheckInReport,
  CheckInUploadAnswer,
  MeiaUpgradeAnswer,
} from '../contracts/check-in.ts';

/** Scans one upload may carry (the API host refuses more). */
export const CHECK_IN_UPLOAD_MAX = 10_000;

const base = (eventId: number) => `check-in/events/${eventId}`;

/** `GET /check-in/events`: the producer's events. */
export async function fetchCheckInEvents(): Promise<CheckInEventSummary[]> {
  const answer = await getJson<{ events: CheckInEventSummary[] }>('check-in/events', {
    fallback: CHECK_IN_API_MESSAGES.eventsFailed,
  });
  return answer.events;
}

/** `GET /check-in/events/{eventId}/manifest`: the tickets changed after `cursor` (all without one). */
export function fetchCheckInManifest(
  eventId: number,
  cursor?: string,
  limit?: number,
): Promise<CheckInManifestPage> {
  const searchParams: Record<string, string> = {};
  if (cursor) searchParams.cursor = cursor;
  if (limit) searchParams.limit = String(limit);
  return getJson(
    `${base(eventId)}/manifest`,
    { fallback: CHECK_IN_API_MESSAGES.manifestFailed },
    // A page is large; the door retries by syncing again, not inside one call.
    { searchParams, retry: 0 },
  );
}

/** `POST /check-in/events/{eventId}/scan`: the server decides and records a scan (idempotent by nonce). */
export function postCheckInScan(
  eventId: number,
  scan: { nonce: string; deviceId: string; payload: string },
): Promise<CheckInOnlineAnswer> {
  return postJson(`${base(eventId)}/scan`, scan, { fallback: CHECK_IN_API_MESSAGES.uploadFailed });
}

/**
 * `POST /check-in/events/{eventId}/tickets/{ticketId}/meia-upgrade`: the holder of a meia
 * ticket paid the difference to a full ticket at the door (the producer's call).
 */
export function postMeiaUpgrade(eventId: number, ticketId: number): Promise<MeiaUpgradeAnswer> {
  return postJson(
    `${base(eventId)}/tickets/${ticketId}/meia-upgrade`,
    {},
    {
      fallback: CHECK_IN_API_MESSAGES.uploadFailed,
    },
  );
}

/** `POST /check-in/events/{eventId}/scans`: records scans decided offline (at most {@link CHECK_IN_UPLOAD_MAX}). */
export function uploadCheckInScans(
  eventId: number,
  deviceId: string,
  scans: readonly CheckInQueuedScan[],
): Promise<CheckInUploadAnswer> {
  return postJson(
    `${base(eventId)}/scans`,
    { deviceId, scans },
    { fallback: CHECK_IN_API_MESSAGES.uploadFailed },
  );
}

/** `GET /check-in/events/{eventId}/conflicts`: tickets admitted more than once, and totals. */
export function fetchCheckInReport(eventId: number): Promise<CheckInReport> {
  return getJson(`${base(eventId)}/conflicts`, { fallback: CHECK_IN_API_MESSAGES.reportFailed });
}
