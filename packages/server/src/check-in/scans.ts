import {
  type CheckInDecision,
  type CheckInTicket,
  type CheckInVerdict,
  decideScan,
} from '@plateia/core/rules/check-in-decision';
import { checkTicketCode, decodeTicketPayload, deriveTicketSecret } from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, retryOnConflict, selectOne, selectRows } from '../db/sql.ts';
import { doorStatusSql } from '../resale/door.ts';
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
  deps: { now: () => Date },
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
      await execute(tx, sql`UPDATE tickets SET status = 'used' WHERE id = ${ticket.id} AND status = 'valid'`);
      return { ...decision, duplicate: false, ticket: { ...ticket, status: 'used' } };
    }),
  );
  return answer ?? (await recordedScan(db, event.id, request.nonce))!;
}

/** What an upload did: scans new to the server, and scans it had already. */
export interface UploadAnswer {
  recorded: number;
  duplicates: number;
}

/**
 * Records a batch of scans an offline scanner decided, each once per nonce (sending the
 * batch again records nothing new). Every scan is kept, admitted or refused, even when
 * another scanner admitted the same ticket: that is a conflict for the report, not an
 * error. A newly recorded admission marks a still-valid ticket 'used', so every scanner's
 * next sync sees it.
 */
export async function uploadScans(
  db: Database,
  event: CheckInEvent,
  actor: CheckInActor,
  request: { deviceId: string; scans: OfflineScan[] },
  deps: { now: () => Date },
): Promise<UploadAnswer> {
  if (request.scans.length === 0) return { recorded: 0, duplicates: 0 };
  const rows = request.scans.map((scan) => ({
    nonce: scan.nonce,
    ticket_id: scan.ticketId ?? null,
    holder_version: scan.holderVersion ?? null,
    verdict: scan.verdict,
    admitted: scan.verdict === 'admitted',
    scanned_at: scan.scannedAt,
  }));
  const at = deps.now();
  return retryOnConflict(() =>
    db.transaction(async (tx) => {
      const inserted = await selectRows<{ ticket_id: number | null; admitted: boolean }>(
        tx,
        sql`INSERT INTO check_in_scans
              (event_id, nonce, device_id, scanned_by, ticket_id, holder_version, mode, verdict, admitted, scanned_at, received_at)
            SELECT ${event.id}, s.nonce, ${request.deviceId}, ${actor.id}, s.ticket_id, s.holder_version, 'offline',
                   s.verdict, s.admitted, s.scanned_at, ${at}
            FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
              AS s(nonce uuid, ticket_id integer, holder_version integer, verdict text, admitted boolean, scanned_at timestamptz)
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
        await execute(
          tx,
          sql`UPDATE tickets SET status = 'used'
              WHERE id IN (SELECT id FROM tickets
                           WHERE event_id = ${event.id} AND status = 'valid'
                             AND id = ANY(${`{${admittedIds.join(',')}}`}::int[])
                           ORDER BY id FOR UPDATE)`,
        );
      }
      return { recorded: inserted.length, duplicates: request.scans.length - inserted.length };
    }),
  );
}
