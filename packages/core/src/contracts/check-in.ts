/** Door check-in as the API host sends it (`/check-in/events/{eventId}/…`, docs/check-in.md). */

/**
 * A meia-entrada ticket's beneficiary in the manifest, so a scanner without signal still
 * shows "MEIA — conferir documento": `[category, categoryLabel, name, document, differenceCents]`.
 */
export type CheckInManifestMeia = [string, string, string, string, number];

/** A ticket as the door knows it: the manifest's entry, or the server's row. */
export interface CheckInTicket {
  id: number;
  holderVersion: number;
  /** 'valid', 'used', 'cancelled', 'transferred', 'resold', 'refunded', or a later status. */
  status: string;
  /** A meia-entrada ticket's beneficiary, as the manifest carries it (offline door). */
  meia?: CheckInManifestMeia;
}

/** Every outcome of a scan. Only `admitted` lets the person in. */
export type CheckInVerdict =
  | 'admitted'
  | 'already_used'
  | 'wrong_event'
  | 'old_code'
  | 'invalid_code'
  | 'unreadable'
  | 'cancelled'
  | 'transferred'
  | 'resold'
  | 'refunded'
  | 'not_admissible'
  | 'door_closed';

/**
 * One ticket in the manifest: `[ticketId, holderVersion, status]`, and for a meia-entrada
 * ticket a fourth element, its beneficiary.
 */
export type CheckInManifestEntry = [number, number, string] | [number, number, string, CheckInManifestMeia];

/** One page of an event's manifest. */
export interface CheckInManifestPage {
  event: {
    id: number;
    name: string;
    startsAt: string;
    /**
     * The door window (ISO): admissions count only between these (docs/check-in.md); null
     * when the doors are always open (the development sandbox).
     */
    doorsOpenAt: string | null;
    doorsCloseAt: string | null;
  };
  /** The event key, base64url (32 bytes). */
  eventKey: string;
  tickets: CheckInManifestEntry[];
  /** Where the next request starts. */
  cursor: string;
  /** Whether another page follows right away. */
  more: boolean;
  /** The server's clock when it answered (ISO). */
  serverTime: string;
}

/**
 * A meia-entrada ticket at the door: the staff checks the beneficiary's document
 * ("MEIA — conferir documento"); the holder may pay the difference to a full ticket.
 */
export interface CheckInMeia {
  /** "MEIA — conferir documento". */
  notice: string;
  category: string;
  /** "Estudante". */
  categoryLabel: string;
  name: string;
  document: string;
  /** The documents the category requires. */
  documents: string[];
  /** What paying up to a full ticket costs at the door, in cents. */
  differenceCents: number;
}

/** `POST /check-in/events/{eventId}/tickets/{ticketId}/meia-upgrade`: the difference was paid. */
export interface MeiaUpgradeAnswer {
  ticketId: number;
  differenceCents: number;
  message: string;
}

/** The server's decision on an online scan. */
export interface CheckInOnlineAnswer {
  verdict: CheckInVerdict;
  admitted: boolean;
  /** pt-BR text for the door staff. */
  message: string;
  ticketId: number | null;
  holderVersion: number | null;
  /** The nonce had been recorded before: this is that decision. */
  duplicate: boolean;
  ticket: CheckInTicket | null;
  /** Set for a meia-entrada ticket (online scans only; the offline manifest does not carry it). */
  meia?: CheckInMeia | null;
}

/** A scan decided offline, as uploaded. */
export interface CheckInQueuedScan {
  nonce: string;
  ticketId?: number;
  holderVersion?: number;
  verdict: CheckInVerdict;
  /** The 6-digit code that was scanned: the API host checks an admission's code again. */
  code?: string;
  /** ISO time on the scanner's (corrected) clock. */
  scannedAt: string;
}

/** An uploaded admission the API host did not count, and why (pt-BR). */
export interface CheckInUploadRefusal {
  nonce: string;
  ticketId: number | null;
  reason: 'missing_code' | 'invalid_code' | 'wrong_event' | 'door_closed' | 'future';
  message: string;
}

/** What an upload recorded. */
export interface CheckInUploadAnswer {
  recorded: number;
  duplicates: number;
  /** Admissions in the batch the server refused (also when sent again). */
  refused: CheckInUploadRefusal[];
}

/** One admission of a ticket admitted more than once. */
export interface CheckInConflictScan {
  deviceId: string;
  mode: 'online' | 'offline';
  holderVersion: number | null;
  scannedAt: string;
  receivedAt: string;
}

/** A ticket more than one scan admitted (two offline scanners, or offline and online). */
export interface CheckInConflict {
  ticketId: number;
  holderEmail: string | null;
  ticketType: string | null;
  /** Every admission, in scan order. */
  scans: CheckInConflictScan[];
}

/**
 * An offline admission of a code older than the ticket's holder version now: the scanner's
 * manifest predated the change of hands, so the previous holder's code may have got in.
 */
export interface CheckInStaleAdmission {
  ticketId: number;
  /** The version the admitted code carried. */
  scannedVersion: number;
  /** The ticket's version now. */
  currentVersion: number;
  deviceId: string;
  scannedAt: string;
}

/** The door's figures and conflicts for an event. */
export interface CheckInReport {
  /** Offline admissions of codes from an earlier holder, oldest first. */
  staleAdmissions: CheckInStaleAdmission[];
  /** Scans recorded, by verdict (only verdicts that happened). */
  totals: Partial<Record<CheckInVerdict, number>>;
  /** Distinct tickets admitted at least once. */
  admittedTickets: number;
  conflicts: CheckInConflict[];
}

/** An event in the producer's check-in list. */
export interface CheckInEventSummary {
  id: number;
  name: string;
  startsAt: string;
  /** Tickets issued, any status. */
  tickets: number;
  /** Tickets admitted at the door. */
  used: number;
}
