import type { CheckInReport } from '@plateia/core/contracts/check-in';
import type { CheckInVerdict } from '@plateia/core/rules/check-in-decision';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';

/** Conflicts one report lists at most (the oldest first). */
export const REPORT_MAX_CONFLICTS = 500;

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/**
 * The conflict report: every ticket admitted by more than one recorded scan, with each
 * admission's device and times, every admission of a previous holder's code, plus the
 * totals per verdict. Offline scanners cannot
 * prevent a double admission, so the report is where the producer sees it.
 */
export async function checkInReport(db: Queryable, eventId: number): Promise<CheckInReport> {
  const totals = await selectRows<{ verdict: CheckInVerdict; count: number }>(
    db,
    sql`SELECT verdict, count(*)::int AS count FROM check_in_scans WHERE event_id = ${eventId} GROUP BY verdict`,
  );
  const admitted = await selectOne<{ count: number }>(
    db,
    sql`SELECT count(DISTINCT ticket_id)::int AS count FROM check_in_scans WHERE event_id = ${eventId} AND admitted`,
  );
  const tickets = await selectRows<{
    ticket_id: number;
    holder_email: string | null;
    ticket_type: string | null;
  }>(
    db,
    sql`SELECT s.ticket_id, t.holder_email, tt.name AS ticket_type
        FROM (SELECT ticket_id, min(scanned_at) AS first_at FROM check_in_scans
              WHERE event_id = ${eventId} AND admitted AND ticket_id IS NOT NULL
              GROUP BY ticket_id HAVING count(*) > 1) s
        LEFT JOIN tickets t ON t.id = s.ticket_id AND t.event_id = ${eventId}
        LEFT JOIN ticket_types tt ON tt.id = t.ticket_type_id
        ORDER BY s.first_at, s.ticket_id
        LIMIT ${REPORT_MAX_CONFLICTS}`,
  );
  const ids = tickets.map((row) => row.ticket_id);
  const scans =
    ids.length === 0
      ? []
      : await selectRows<{
          ticket_id: number;
          device_id: string;
          mode: 'online' | 'offline';
          holder_version: number | null;
          scanned_at: Date | string;
          received_at: Date | string;
        }>(
          db,
          sql`SELECT ticket_id, device_id, mode, holder_version, scanned_at, received_at FROM check_in_scans
              WHERE event_id = ${eventId} AND admitted AND ticket_id = ANY(${`{${ids.join(',')}}`}::int[])
              ORDER BY scanned_at, id`,
        );
  const stale = await selectRows<{
    ticket_id: number;
    scanned_version: number;
    current_version: number;
    device_id: string;
    scanned_at: Date | string;
  }>(
    db,
    sql`SELECT s.ticket_id, s.holder_version AS scanned_version, t.holder_version AS current_version,
               s.device_id, s.scanned_at
        FROM check_in_scans s JOIN tickets t ON t.id = s.ticket_id AND t.event_id = s.event_id
        WHERE s.event_id = ${eventId} AND s.admitted AND s.holder_version < t.holder_version
        ORDER BY s.scanned_at, s.id
        LIMIT ${REPORT_MAX_CONFLICTS}`,
  );
  return {
    staleAdmissions: stale.map((row) => ({
      ticketId: row.ticket_id,
      scannedVersion: row.scanned_version,
      currentVersion: row.current_version,
      deviceId: row.device_id,
      scannedAt: iso(row.scanned_at),
    })),
    totals: Object.fromEntries(totals.map((row) => [row.verdict, row.count])),
    admittedTickets: admitted?.count ?? 0,
    conflicts: tickets.map((ticket) => ({
      ticketId: ticket.ticket_id,
      holderEmail: ticket.holder_email,
      ticketType: ticket.ticket_type,
      scans: scans
        .filter((scan) => scan.ticket_id === ticket.ticket_id)
        .map((scan) => ({
          deviceId: scan.device_id,
          mode: scan.mode,
          holderVersion: scan.holder_version,
          scannedAt: iso(scan.scanned_at),
          receivedAt: iso(scan.received_at),
        })),
    })),
  };
}
