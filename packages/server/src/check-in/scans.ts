import { createHmac } from 'node:crypto';
import {
  CHECK_IN_UPLOAD_REFUSALS,
  type CheckInUploadRefusal as RefusalReason,
} from '@plateia/core/messages/check-in';
import {
  type CheckInDecision,
  type CheckInTicket,
  type CheckInVerdict,
  decideScan,
} from '@plateia/core/rules/check-in-decision';
import {
  checkTicketCode,
  decodeTicketPayload,
  deriveTicketSecret,
  TICKET_CODE_DIGITS,
  TICKET_CODE_STEP_SECONDS,
  TICKET_CODE_WINDOW,
  TICKET_SECRET_BYTES,
} from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, retryOnConflict, selectOne, selectRows } from '../db/sql.ts';
import { doorStatusSql } from '../resale/door.ts';
import { admitTicket, admitTickets } from '../tickets/admission.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { type DoorWindow, doorOpenAt, UPLOAD_CLOCK_SLACK_MS } from './doors.ts';
import type { CheckInActor, CheckInEvent } from './producer.ts';

/** Scans one upload may carry (a door's worth of offline work; docs/check-in.md, "Limits"). */
export const UPLOAD_MAX_SCANS = 10_000;

/** What a scanner sends for a scan the server decides. */
export interface OnlineScanRequest {
  nonce: string;
  deviceId: string;
  /** The QR text (or the code typed by hand). */
  payload: string;
}

/** The server's decision on an online scan, or the one recorded before for the same nonce. */
export interface OnlineScanAnswer extends CheckInDecision {
  /** True when the nonce had been recorded already: this is that earlier decision. */
  duplicate: boolean;
  /** The ticket's state after the scan, when the code named one of this event's tickets. */
  ticket: CheckInTicket | null;
}

/** A scan an offline scanner decided on its own and uploads later. */
export interface OfflineScan {
  nonce: string;
  /** Absent when the code could not be read. */
  ticketId?: number | null;
  holderVersion?: number | null;
  verdict: CheckInVerdict;
  /** The 6-digit code scanned; an admission without it is not counted. */
  code?: string | null;
  /** ISO time on the scanner's clock. */
  scannedAt: string;
}

async function ticketOf(
  db: Queryable,
  eventId: number,
  ticketId: number,
  lock: boolean,
): Promise<CheckInTicket | null> {
  // A ticket on resale reads 'listed', which the decision table refuses (docs/resale.md).
  const row = await selectOne<{ id: number; holder_version: number; status: string }>(
    db,
    lock
      ? sql`SELECT id, holder_version, ${doorStatusSql('tickets')} AS status FROM tickets
            WHERE id = ${ticketId} AND event_id = ${eventId} FOR UPDATE`
      : sql`SELECT id, holder_version, ${doorStatusSql('tickets')} AS status FROM tickets
            WHERE id = ${ticketId} AND event_id = ${eventId}`,
  );
  return row ? { id: row.id, holderVersion: row.holder_version, status: row.status } : null;
}

async function recordedScan(db: Queryable, eventId: number, nonce: string): Promise<OnlineScanAnswer | null> {
  const row = await selectOne<{
    verdict: CheckInVerdict;
    admitted: boolean;
    ticket_id: number | null;
    holder_version: number | null;
  }>(
    db,
    sql`SELECT verdict, admitted, ticket_id, holder_version FROM check_in_scans
        WHERE event_id = ${eventId} AND nonce = ${nonce}::uuid`,
  );
  if (!row) return null;
  const ticket = row.ticket_id === null ? null : await ticketOf(db, eventId, row.ticket_id, false);
  return {
    verdict: row.verdict,
    admitted: row.admitted,
    ticketId: row.ticket_id,
    holderVersion: row.holder_version,
    duplicate: true,
    ticket,
  };
}

/**
 * Decides a scan on the server (the scanner is online), records it and, when it admits,
 * marks the ticket 'used', all in one transaction. The ticket's row is locked first, so of
 * two scans of one ticket at once exactly one admits: the other waits and then reads
 * 'used'. A nonce already recorded answers the recorded decision again.
 */
export async function scanOnline(
  db: Database,
  event: CheckInEvent,
  actor: CheckInActor,
  request: OnlineScanRequest,
  deps: { now: () => Date; doors: DoorWindow | null },
): Promise<OnlineScanAnswer> {
  const earlier = await recordedScan(db, event.id, request.nonce);
  if (earlier) return earlier;
  const named = decodeTicketPayload(request.payload.trim());
  const answer = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      const ticket = named ? await ticketOf(tx, event.id, named.ticketId, true) : null;
      const at = deps.now();
      const decision = await decideScan(request.payload, {
        findTicket: () => ticket,
        checkCode: async (ticketId, holderVersion, code) =>
          checkTicketCode(
            await deriveTicketSecret(event.ticketKey, ticketId, holderVersion),
            code,
            at.getTime(),
          ),
        doorOpen: () => doorOpenAt(deps.doors, at),
      });
      const inserted = await selectRows<{ id: string }>(
        tx,
        sql`INSERT INTO check_in_scans
              (event_id, nonce, device_id, scanned_by, ticket_id, holder_version, mode, verdict, admitted, scanned_at, received_at)
            VALUES (${event.id}, ${request.nonce}::uuid, ${request.deviceId}, ${actor.id}, ${decision.ticketId},
                    ${decision.holderVersion}, 'online', ${decision.verdict}, ${decision.admitted}, ${at}, ${at})
            ON CONFLICT (event_id, nonce) DO NOTHING
            RETURNING id`,
      );
      // The same nonce sent twice at once: the other request recorded it first.
      if (inserted.length === 0) return null;
      if (!decision.admitted || !ticket) return { ...decision, duplicate: false, ticket };
      // A newer holder version than the row's cannot exist on the server: the row is the truth.
      await admitTicket(tx, ticket.id);
      await emitWebhookEvent(tx, 'ticket.checked_in', ticket.id);
      return { ...decision, duplicate: false, ticket: { ...ticket, status: 'used' } };
    }),
  );
  return answer ?? (await recordedScan(db, event.id, request.nonce))!;
}

/** An uploaded admission the server did not count, and why. */
export interface UploadRefusal {
  nonce: string;
  ticketId: number | null;
  reason: RefusalReason;
  message: string;
}

/** What an upload did: scans new to the server, scans it had already, admissions refused. */
export interface UploadAnswer {
  recorded: number;
  duplicates: number;
  /** Every admission of the batch the server did not count, new or recorded before. */
  refused: UploadRefusal[];
}

/** The verdict a refused admission is recorded with. */
const REFUSED_VERDICT: Record<RefusalReason, CheckInVerdict> = {
  missing_code: 'invalid_code',
  invalid_code: 'invalid_code',
  wrong_event: 'wrong_event',
  door_closed: 'door_closed',
  future: 'door_closed',
};

/**
 * Why an offline admission does not count, or null when it does: it needs the code that
 * was scanned, valid for its ticket and holder version at the scan's time (the check an
 * online scan makes), a scan time inside the door window and not ahead of the server's
 * clock, and a ticket of this event.
 */
function refusalOf(
  scan: OfflineScan,
  context: { secretOf: (ticketId: number, holderVersion: number) => Buffer; eventTickets: Set<number> },
  deps: { now: Date; doors: DoorWindow | null },
): RefusalReason | null {
  const at = new Date(scan.scannedAt);
  if (!Number.isFinite(at.getTime())) return 'door_closed';
  if (at.getTime() > deps.now.getTime() + UPLOAD_CLOCK_SLACK_MS) return 'future';
  if (!doorOpenAt(deps.doors, at)) return 'door_closed';
  if (scan.ticketId == null || scan.holderVersion == null || !scan.code) return 'missing_code';
  if (!context.eventTickets.has(scan.ticketId)) return 'wrong_event';
  const secret = context.secretOf(scan.ticketId, scan.holderVersion);
  return codeMatches(secret, scan.code, at.getTime()) ? null : 'invalid_code';
}

/**
 * Whether `code` is the ticket's TOTP in the step of `epochMs` or one step either side: the
 * check core's `checkTicketCode` makes (RFC 6238, HMAC-SHA1, 6 digits, 15 s), with Node's
 * HMAC, several times faster than the portable one for an upload of 10,000 admissions.
 */
export function codeMatches(secret: Buffer, code: string, epochMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const step = Math.floor(epochMs / 1000 / TICKET_CODE_STEP_SECONDS);
  // The scan's own step first: almost every code matches there.
  const offsets = [0];
  for (let offset = 1; offset <= TICKET_CODE_WINDOW; offset++) offsets.push(-offset, offset);
  for (const offset of offsets) {
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(step + offset));
    const mac = createHmac('sha1', secret).update(counter).digest();
    const at = (mac[mac.length - 1] as number) & 0x0f;
    const binary = mac.readUInt32BE(at) & 0x7fffffff;
    if (String(binary % 10 ** TICKET_CODE_DIGITS).padStart(TICKET_CODE_DIGITS, '0') === code) return true;
  }
  return false;
}

/**
 * The per-ticket secret, as core's `deriveTicketSecret` computes it (HMAC-SHA256 under the
 * event key, first 20 bytes), with Node's HMAC: an upload checks up to 10,000 codes.
 */
function secretDeriver(eventKey: Uint8Array): (ticketId: number, holderVersion: number) => Buffer {
  return (ticketId, holderVersion) =>
    createHmac('sha256', eventKey)
      .update(`plateia-ticket:${ticketId}:${holderVersion}`)
      .digest()
      .subarray(0, TICKET_SECRET_BYTES);
}

/**
 * Records a batch of scans an offline scanner decided, each once per nonce (sending the
 * batch again records nothing new). Every scan is kept, admitted or refused, even when
 * another scanner admitted the same ticket: that is a conflict for the report, not an
 * error. An admission counts only when the server agrees (see `refusalOf`): then it marks a
 * still-valid ticket 'used', so every scanner's next sync sees it; otherwise it is recorded
 * as refused, with its reason, and listed in the answer.
 */
export async function uploadScans(
  db: Database,
  event: CheckInEvent,
  actor: CheckInActor,
  request: { deviceId: string; scans: OfflineScan[] },
  deps: { now: () => Date; doors: DoorWindow | null },
): Promise<UploadAnswer> {
  if (request.scans.length === 0) return { recorded: 0, duplicates: 0, refused: [] };
  const at = deps.now();
  const nonces = `{${request.scans.map((scan) => scan.nonce).join(',')}}`;
  // Scans already recorded (a batch sent again) are neither checked nor inserted again.
  const known = new Set(
    (
      await selectRows<{ nonce: string }>(
        db,
        sql`SELECT nonce::text AS nonce FROM check_in_scans
            WHERE event_id = ${event.id} AND nonce = ANY(${nonces}::uuid[])`,
      )
    ).map((row) => row.nonce),
  );
  const fresh = request.scans.filter((scan) => !known.has(scan.nonce.toLowerCase()));
  const claimed = [
    ...new Set(
      fresh
        .filter((scan) => scan.verdict === 'admitted' && scan.ticketId != null)
        .map((scan) => scan.ticketId as number),
    ),
  ];
  const eventTickets = new Set(
    claimed.length === 0
      ? []
      : (
          await selectRows<{ id: number }>(
            db,
            sql`SELECT id FROM tickets WHERE event_id = ${event.id} AND id = ANY(${`{${claimed.join(',')}}`}::int[])`,
          )
        ).map((row) => row.id),
  );
  const context = { secretOf: secretDeriver(event.ticketKey), eventTickets };
  const rows = fresh.map((scan) => {
    const refused =
      scan.verdict === 'admitted' ? refusalOf(scan, context, { now: at, doors: deps.doors }) : null;
    return {
      nonce: scan.nonce,
      ticket_id: scan.ticketId ?? null,
      holder_version: scan.holderVersion ?? null,
      verdict: refused ? REFUSED_VERDICT[refused] : scan.verdict,
      admitted: scan.verdict === 'admitted' && refused === null,
      refused_reason: refused,
      scanned_at: scan.scannedAt,
    };
  });
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const inserted = await selectRows<{ ticket_id: number | null; admitted: boolean }>(
        tx,
        sql`INSERT INTO check_in_scans
              (event_id, nonce, device_id, scanned_by, ticket_id, holder_version, mode, verdict, admitted,
               refused_reason, scanned_at, received_at)
            SELECT ${event.id}, s.nonce, ${request.deviceId}, ${actor.id}, s.ticket_id, s.holder_version, 'offline',
                   s.verdict, s.admitted, s.refused_reason, s.scanned_at, ${at}
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              AS s(nonce uuid, ticket_id integer, holder_version integer, verdict text, admitted boolean,
                   refused_reason text, scanned_at timestamptz)
            ON CONFLICT (event_id, nonce) DO NOTHING
            RETURNING ticket_id, admitted`,
      );
      const admittedIds = [
        ...new Set(
          inserted
            .filter((row) => row.admitted && row.ticket_id !== null)
            .map((row) => row.ticket_id as number),
        ),
      ].sort((a, b) => a - b);
      if (admittedIds.length > 0) {
        // In id order, so two uploads touching the same tickets lock them in the same order.
        await admitTickets(tx, event.id, admittedIds);
        await emitWebhookEvent(tx, 'ticket.checked_in', admittedIds);
      }
      // The refusals as recorded: a batch sent again (its answer lost) hears them again.
      const refused = await selectRows<{
        nonce: string;
        ticket_id: number | null;
        refused_reason: RefusalReason;
      }>(
        tx,
        sql`SELECT nonce::text AS nonce, ticket_id, refused_reason FROM check_in_scans
            WHERE event_id = ${event.id} AND nonce = ANY(${nonces}::uuid[]) AND refused_reason IS NOT NULL
            ORDER BY id`,
      );
      return {
        recorded: inserted.length,
        duplicates: request.scans.length - inserted.length,
        refused: refused.map((row) => ({
          nonce: row.nonce,
          ticketId: row.ticket_id,
          reason: row.refused_reason,
          message: CHECK_IN_UPLOAD_REFUSALS[row.refused_reason],
        })),
      };
    }),
  );
}
