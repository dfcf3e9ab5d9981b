import { atom, map } from 'nanostores';
import {
  CHECK_IN_UPLOAD_MAX,
  fetchCheckInManifest,
  fetchCheckInReport,
  postCheckInScan,
  postMeiaUpgrade,
  uploadCheckInScans,
} from '../api/check-in.ts';
import { ApiError } from '../api/public-read.ts';
import type {
  CheckInManifestEntry,
  CheckInMeia,
  CheckInQueuedScan,
  CheckInReport,
  CheckInTicket,
  CheckInUploadRefusal,
  CheckInVerdict,
} from '../contracts/check-in.ts';
import type { CheckInVault } from '../crypto/check-in-vault.ts';
import { CHECK_IN_API_MESSAGES, CHECK_IN_VERDICT_MESSAGES } from '../messages/check-in.ts';
import { decideScan } from '../rules/check-in-decision.ts';
import { manifestMeia } from '../rules/meia-entrada.ts';
import {
  base64UrlToBytes,
  checkTicketCode,
  decodeTicketPayload,
  deriveTicketSecret,
} from '../rules/ticket-code.ts';
import { readStorage, writeStorage } from './browser-storage.ts';

/**
 * The door scanner (docs/check-in.md): the event's manifest kept encrypted in the vault,
 * scans decided by the server while online and by the decision table here while offline,
 * offline scans queued with their nonce until an upload records them.
 */

/** The scanner's state as the page shows it. */
export interface CheckInState {
  eventId: number | null;
  eventName: string;
  /** Tickets in the local manifest. */
  ticketCount: number;
  /** When the manifest last synced (ISO), or null before the first sync. */
  syncedAt: string | null;
  /** Whether scans go to the server first. */
  online: boolean;
  /** Offline scans waiting for an upload. */
  queued: number;
  /** A sync or upload is running. */
  syncing: boolean;
  /** The last failure's pt-BR text, or null. */
  error: string | null;
}

/** One scan's outcome on this scanner. */
export interface CheckInScanResult {
  /** The scan's client nonce (unique per scan). */
  nonce: string;
  verdict: CheckInVerdict;
  admitted: boolean;
  /** pt-BR text for the door staff. */
  message: string;
  ticketId: number | null;
  /** Who decided: the server, or this scanner on its own. */
  mode: 'online' | 'offline';
  /** A meia-entrada ticket (online scans): "MEIA — conferir documento" and its beneficiary. */
  meia?: CheckInMeia | null;
  /** ISO time of the scan. */
  at: string;
}

const IDLE: CheckInState = {
  eventId: null,
  eventName: '',
  ticketCount: 0,
  syncedAt: null,
  online: true,
  queued: 0,
  syncing: false,
  error: null,
};

/** The scanner's state. */
export const $checkIn = map<CheckInState>({ ...IDLE });
/** The latest scan's outcome (the big green or red answer). */
export const $checkInLastScan = atom<CheckInScanResult | null>(null);
/** This scanner's recent scans, newest first (at most {@link CHECK_IN_HISTORY_SIZE}). */
export const $checkInHistory = atom<readonly CheckInScanResult[]>([]);
/** The conflict report, once loaded. */
export const $checkInReport = atom<CheckInReport | null>(null);
/**
 * Admissions this scanner uploaded that the server did not count (no valid code, outside the
 * door window), with the pt-BR reason, newest batch first.
 */
export const $checkInRefused = atom<readonly CheckInUploadRefusal[]>([]);

/** Scans {@link $checkInHistory} keeps. */
export const CHECK_IN_HISTORY_SIZE = 20;
/** How long an online scan may take before the scanner decides on its own (same nonce). */
export const CHECK_IN_ONLINE_WAIT_MS = 4_000;
/** Browser storage key of this scanner's id. */
export const CHECK_IN_DEVICE_KEY = 'plateia:check-in-device';

/** The manifest as the vault keeps it. */
interface StoredManifest {
  eventId: number;
  eventName: string;
  eventKey: string;
  cursor: string;
  syncedAt: string;
  /** Server clock minus this scanner's at the last sync, in ms. */
  clockOffsetMs: number;
  /** The door window (ISO) the server sent; null or absent: always open. */
  doorsOpenAt?: string | null;
  doorsCloseAt?: string | null;
  tickets: CheckInManifestEntry[];
}

/** The queue as the vault keeps it. */
interface StoredQueue {
  scans: CheckInQueuedScan[];
  /** Tickets this scanner admitted since its manifest last said so. */
  admitted: number[];
}

interface Session {
  eventId: number;
  deviceId: string;
  vault: CheckInVault;
  now: () => number;
  manifest: StoredManifest | null;
  tickets: Map<number, CheckInTicket>;
  eventKey: Uint8Array | null;
  queue: CheckInQueuedScan[];
  admitted: Set<number>;
  writes: Promise<void>;
}

let session: Session | null = null;

/** This scanner's id: random, kept in browser storage, made on first use. */
export function checkInDeviceId(): string {
  const stored = readStorage(CHECK_IN_DEVICE_KEY);
  if (stored && /^[A-Za-z0-9_-]{8,64}$/.test(stored)) return stored;
  const made = `scanner-${globalThis.crypto.randomUUID()}`;
  writeStorage(CHECK_IN_DEVICE_KEY, made);
  return made;
}

const manifestRecord = (eventId: number) => `manifest:${eventId}`;
const queueRecord = (eventId: number) => `queue:${eventId}`;

function failure(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

function offlineError(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

function persistQueue(current: Session): Promise<void> {
  const record: StoredQueue = { scans: current.queue, admitted: [...current.admitted] };
  current.writes = current.writes.then(() => current.vault.write(queueRecord(current.eventId), record));
  $checkIn.setKey('queued', current.queue.length);
  return current.writes;
}

function loadTickets(current: Session, entries: readonly CheckInManifestEntry[]): void {
  for (const [id, holderVersion, status, meia] of entries) {
    current.tickets.set(id, meia ? { id, holderVersion, status, meia } : { id, holderVersion, status });
  }
}

function record(result: CheckInScanResult): CheckInScanResult {
  $checkInLastScan.set(result);
  $checkInHistory.set([result, ...$checkInHistory.get()].slice(0, CHECK_IN_HISTORY_SIZE));
  return result;
}

/**
 * Opens the scanner for an event: reads the manifest and queue the vault holds (so it
 * works with no signal), then, when online, uploads the queue and syncs the manifest.
 */
export async function openCheckIn(
  eventId: number,
  options: { vault: CheckInVault; deviceId?: string; online?: boolean; now?: () => number },
): Promise<void> {
  const current: Session = {
    eventId,
    deviceId: options.deviceId ?? checkInDeviceId(),
    vault: options.vault,
    now: options.now ?? Date.now,
    manifest: null,
    tickets: new Map(),
    eventKey: null,
    queue: [],
    admitted: new Set(),
    writes: Promise.resolve(),
  };
  session = current;
  $checkInLastScan.set(null);
  $checkInHistory.set([]);
  $checkInReport.set(null);
  $checkInRefused.set([]);
  const [manifest, queue] = await Promise.all([
    current.vault.read<StoredManifest>(manifestRecord(eventId)),
    current.vault.read<StoredQueue>(queueRecord(eventId)),
  ]);
  if (manifest && manifest.eventId === eventId) {
    current.manifest = manifest;
    current.eventKey = base64UrlToBytes(manifest.eventKey);
    loadTickets(current, manifest.tickets);
  }
  current.queue = queue?.scans ?? [];
  current.admitted = new Set(queue?.admitted ?? []);
  for (const id of current.admitted) {
    const ticket = current.tickets.get(id);
    if (ticket) ticket.status = 'used';
  }
  $checkIn.set({
    ...IDLE,
    eventId,
    eventName: manifest?.eventName ?? '',
    ticketCount: current.tickets.size,
    syncedAt: manifest?.syncedAt ?? null,
    online: options.online ?? true,
    queued: current.queue.length,
  });
  if ($checkIn.get().online) await reconnectCheckIn();
}

/** Uploads the queue, then syncs the manifest; an unreachable server turns the scanner offline. */
export async function reconnectCheckIn(): Promise<void> {
  $checkIn.setKey('online', true);
  await uploadCheckInQueue();
  await syncCheckInManifest();
}

/** Marks the scanner offline (the browser lost its connection): scans are decided here. */
export function goOfflineCheckIn(): void {
  $checkIn.setKey('online', false);
}

/**
 * Downloads the tickets changed since the last sync (every ticket the first time), page by
 * page, merges them and stores the manifest encrypted. Returns whether it synced.
 */
export async function syncCheckInManifest(): Promise<boolean> {
  const current = session;
  if (!current) return false;
  $checkIn.setKey('syncing', true);
  try {
    let cursor = current.manifest?.cursor;
    for (;;) {
      const page = await fetchCheckInManifest(current.eventId, cursor);
      if (session !== current) return false;
      loadTickets(current, page.tickets);
      cursor = page.cursor;
      current.eventKey = base64UrlToBytes(page.eventKey);
      current.manifest = {
        eventId: current.eventId,
        eventName: page.event.name,
        eventKey: page.eventKey,
        cursor: page.cursor,
        syncedAt: page.serverTime,
        clockOffsetMs: Date.parse(page.serverTime) - current.now(),
        doorsOpenAt: page.event.doorsOpenAt ?? null,
        doorsCloseAt: page.event.doorsCloseAt ?? null,
        tickets: [],
      };
      if (!page.more) break;
    }
    // What the server now says wins over this scanner's own admissions, except that a ticket
    // this scanner admitted stays used until the server agrees (its upload may be queued).
    for (const id of current.admitted) {
      const ticket = current.tickets.get(id);
      if (ticket?.status === 'used' || !ticket) current.admitted.delete(id);
      else if (current.queue.some((scan) => scan.ticketId === id)) ticket.status = 'used';
      else current.admitted.delete(id);
    }
    const manifest = {
      ...current.manifest!,
      tickets: [...current.tickets.values()].map(
        (t): CheckInManifestEntry =>
          t.meia ? [t.id, t.holderVersion, t.status, t.meia] : [t.id, t.holderVersion, t.status],
      ),
    };
    current.writes = current.writes.then(() =>
      current.vault.write(manifestRecord(current.eventId), manifest),
    );
    await persistQueue(current);
    $checkIn.set({
      ...$checkIn.get(),
      eventName: manifest.eventName,
      ticketCount: current.tickets.size,
      syncedAt: manifest.syncedAt,
      error: null,
    });
    return true;
  } catch (error) {
    if (offlineError(error)) $checkIn.setKey('online', false);
    else $checkIn.setKey('error', failure(error, CHECK_IN_API_MESSAGES.manifestFailed));
    return false;
  } finally {
    $checkIn.setKey('syncing', false);
  }
}

/** `work`, or a no-answer {@link ApiError} (status 0) after `ms`. */
async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ApiError(CHECK_IN_API_MESSAGES.uploadFailed, { status: 0 })), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Decides a scan with the local manifest and this scanner's (server-corrected) clock. */
async function decideHere(current: Session, text: string, epochMs: number) {
  const eventKey = current.eventKey;
  const opensAt = current.manifest?.doorsOpenAt;
  const closesAt = current.manifest?.doorsCloseAt;
  return decideScan(text, {
    findTicket: (id) => current.tickets.get(id),
    checkCode: async (id, holderVersion, code) =>
      eventKey !== null &&
      checkTicketCode(await deriveTicketSecret(eventKey, id, holderVersion), code, epochMs),
    // Outside the event's door window nothing admits, with or without signal.
    doorOpen: () =>
      (!opensAt || epochMs >= Date.parse(opensAt)) && (!closesAt || epochMs <= Date.parse(closesAt)),
  });
}

async function scanOffline(current: Session, text: string, nonce: string): Promise<CheckInScanResult> {
  const epochMs = current.now() + (current.manifest?.clockOffsetMs ?? 0);
  const decision = await decideHere(current, text, epochMs);
  const at = new Date(epochMs).toISOString();
  // The server checks an admission's code again at upload.
  const code = decodeTicketPayload(text.trim())?.code;
  if (decision.admitted && decision.ticketId !== null) {
    const ticket = current.tickets.get(decision.ticketId);
    if (ticket) ticket.status = 'used';
    current.admitted.add(decision.ticketId);
  }
  current.queue.push({
    nonce,
    ...(decision.ticketId !== null ? { ticketId: decision.ticketId } : {}),
    ...(decision.holderVersion !== null ? { holderVersion: decision.holderVersion } : {}),
    verdict: decision.verdict,
    ...(code ? { code } : {}),
    scannedAt: at,
  });
  await persistQueue(current);
  return record({
    nonce,
    verdict: decision.verdict,
    admitted: decision.admitted,
    message: CHECK_IN_VERDICT_MESSAGES[decision.verdict],
    ticketId: decision.ticketId,
    mode: 'offline',
    at,
    meia: decision.ticketId === null ? null : manifestMeia(current.tickets.get(decision.ticketId)?.meia),
  });
}

/**
 * Decides one scan (a QR text or a code typed by hand). Online, the server decides first;
 * when it cannot be reached (or takes longer than {@link CHECK_IN_ONLINE_WAIT_MS}) the scanner
 * decides with its manifest and queues the scan under the same nonce, so the server keeps
 * one record of it whichever arrives. Returns null before {@link openCheckIn}.
 */
export async function scanCheckIn(text: string): Promise<CheckInScanResult | null> {
  const current = session;
  if (!current) return null;
  const nonce = globalThis.crypto.randomUUID();
  if ($checkIn.get().online) {
    try {
      const answer = await withDeadline(
        postCheckInScan(current.eventId, { nonce, deviceId: current.deviceId, payload: text.trim() }),
        CHECK_IN_ONLINE_WAIT_MS,
      );
      if (answer.ticket) {
        // The answer's ticket has no manifest meia: keep the one known while it is still a meia.
        const known = current.tickets.get(answer.ticket.id)?.meia;
        current.tickets.set(
          answer.ticket.id,
          answer.meia && known ? { ...answer.ticket, meia: known } : answer.ticket,
        );
      }
      return record({
        nonce,
        verdict: answer.verdict,
        admitted: answer.admitted,
        message: answer.message,
        ticketId: answer.ticketId,
        mode: 'online',
        meia: answer.meia ?? null,
        at: new Date(current.now()).toISOString(),
      });
    } catch (error) {
      if (!offlineError(error)) {
        $checkIn.setKey('error', failure(error, CHECK_IN_API_MESSAGES.uploadFailed));
        return null;
      }
      $checkIn.setKey('online', false);
    }
  }
  return scanOffline(current, text, nonce);
}

/**
 * Sends the queued offline scans (in batches the server accepts) and drops each batch once
 * recorded. A failed upload leaves the queue as it was; sending a batch twice is harmless.
 */
export async function uploadCheckInQueue(): Promise<boolean> {
  const current = session;
  if (!current) return false;
  try {
    while (current.queue.length > 0) {
      const batch = current.queue.slice(0, CHECK_IN_UPLOAD_MAX);
      const answer = await uploadCheckInScans(current.eventId, current.deviceId, batch);
      const refused = answer.refused ?? [];
      if (refused.length > 0) {
        $checkInRefused.set([...refused, ...$checkInRefused.get()]);
        // A refused admission did not mark the ticket used: the next sync says what it is.
        for (const refusal of refused) {
          if (refusal.ticketId !== null) current.admitted.delete(refusal.ticketId);
        }
      }
      const sent = new Set(batch.map((scan) => scan.nonce));
      current.queue = current.queue.filter((scan) => !sent.has(scan.nonce));
      await persistQueue(current);
    }
    return true;
  } catch (error) {
    if (offlineError(error)) $checkIn.setKey('online', false);
    else $checkIn.setKey('error', failure(error, CHECK_IN_API_MESSAGES.uploadFailed));
    return false;
  }
}

/**
 * The producer's call at the door: the holder of the last scanned meia ticket paid the
 * difference to a full ticket. On success the last scan no longer reads as meia and says so.
 */
export async function upgradeLastMeia(): Promise<boolean> {
  const current = session;
  const last = $checkInLastScan.get();
  if (!current || !last?.meia || last.ticketId === null) return false;
  try {
    const answer = await postMeiaUpgrade(current.eventId, last.ticketId);
    const ticket = current.tickets.get(last.ticketId);
    if (ticket) delete ticket.meia;
    $checkInLastScan.set({ ...last, meia: null, message: answer.message });
    return true;
  } catch (error) {
    $checkIn.setKey('error', failure(error, CHECK_IN_API_MESSAGES.uploadFailed));
    return false;
  }
}

/** Loads the conflict report (tickets admitted more than once). */
export async function loadCheckInReport(): Promise<CheckInReport | null> {
  const current = session;
  if (!current) return null;
  try {
    const report = await fetchCheckInReport(current.eventId);
    $checkInReport.set(report);
    return report;
  } catch (error) {
    $checkIn.setKey('error', failure(error, CHECK_IN_API_MESSAGES.reportFailed));
    return null;
  }
}

/**
 * Erases the event's manifest and queue from this scanner (after the event, or on a shared
 * device). Queued scans not yet uploaded are lost, so the page asks first.
 */
export async function forgetCheckInEvent(): Promise<void> {
  const current = session;
  if (!current) return;
  await current.writes;
  await Promise.all([
    current.vault.remove(manifestRecord(current.eventId)),
    current.vault.remove(queueRecord(current.eventId)),
  ]);
  closeCheckIn();
}

/** Leaves the scanner: forgets the in-memory manifest (the vault keeps its copy). */
export function closeCheckIn(): void {
  session = null;
  $checkIn.set({ ...IDLE });
  $checkInLastScan.set(null);
  $checkInHistory.set([]);
  $checkInReport.set(null);
  $checkInRefused.set([]);
}
