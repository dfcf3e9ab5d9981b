/**
 * The door's decision on one scan (docs/check-in.md, "Decision table"). The same function
 * decides on the scanner page (offline, over the downloaded manifest) and on the API host
 * (online, over the ticket's row), so a ticket is judged the same way everywhere.
 *
 * Pure: the ticket lookup and the code check are handed in, so the table is tested with
 * any lookup and the page and the server plug in the real ones.
 */
import type { CheckInTicket, CheckInVerdict } from '../contracts/check-in.ts';
import { decodeTicketPayload } from './ticket-code.ts';

// The verdicts and the door's ticket are the check-in contract's; named here too for the
// modules that decide scans.
export type { CheckInTicket, CheckInVerdict } from '../contracts/check-in.ts';

/** Every verdict, in the order of the decision table. */
export const CHECK_IN_VERDICTS: readonly CheckInVerdict[] = [
  'admitted',
  'already_used',
  'wrong_event',
  'old_code',
  'invalid_code',
  'unreadable',
  'cancelled',
  'transferred',
  'resold',
  'refunded',
  'not_admissible',
  'door_closed',
];

/** What the decision needs besides the scanned text. */
export interface CheckInDecisionContext {
  /** This event's ticket with that id, or null/undefined when the event has none. */
  findTicket(ticketId: number): CheckInTicket | null | undefined;
  /** Whether `code` is the current code of ticket `ticketId` at holder version `holderVersion`. */
  checkCode(ticketId: number, holderVersion: number, code: string): Promise<boolean> | boolean;
  /**
   * Whether the event's doors are open at the scan's time (docs/check-in.md, "Door window");
   * absent means open.
   */
  doorOpen?(): boolean;
}

/** The outcome of one scan. */
export interface CheckInDecision {
  verdict: CheckInVerdict;
  admitted: boolean;
  /** The ticket the code names, when the code could be read. */
  ticketId: number | null;
  /** The holder version the code carries, when the code could be read. */
  holderVersion: number | null;
}

const STATUS_VERDICTS: Readonly<Record<string, CheckInVerdict>> = {
  used: 'already_used',
  cancelled: 'cancelled',
  transferred: 'transferred',
  resold: 'resold',
  refunded: 'refunded',
};

/** The verdict a ticket's status gives on its own: null for 'valid', else why it may not enter. */
export function statusVerdict(status: string): CheckInVerdict | null {
  if (status === 'valid') return null;
  return STATUS_VERDICTS[status] ?? 'not_admissible';
}

/**
 * Decides one scan, in this order (the first that applies wins):
 * 1. text that is not a ticket payload: `unreadable`;
 * 2. a ticket id this event does not have: `wrong_event`;
 * 3. a holder version older than the ticket's: `old_code` (the ticket changed hands);
 * 4. a ticket status other than 'valid': its own verdict (`already_used`, `refunded`, …);
 * 5. a code that is not the ticket's current one (±1 step): `invalid_code`;
 * 6. a scan outside the event's door window: `door_closed` (nothing counts as an admission
 *    weeks before the event);
 * 7. otherwise `admitted`.
 *
 * A holder version newer than the known one is checked against its own secret: only the
 * event key can produce it, so the ticket changed hands after the known state was read
 * and the newer code is the live one.
 */
export async function decideScan(text: string, context: CheckInDecisionContext): Promise<CheckInDecision> {
  const payload = decodeTicketPayload(text.trim());
  if (!payload) return { verdict: 'unreadable', admitted: false, ticketId: null, holderVersion: null };
  const named = { ticketId: payload.ticketId, holderVersion: payload.holderVersion };
  const refuse = (verdict: CheckInVerdict): CheckInDecision => ({ verdict, admitted: false, ...named });
  const ticket = context.findTicket(payload.ticketId);
  if (!ticket) return refuse('wrong_event');
  if (payload.holderVersion < ticket.holderVersion) return refuse('old_code');
  const byStatus = statusVerdict(ticket.status);
  if (byStatus) return refuse(byStatus);
  if (!(await context.checkCode(payload.ticketId, payload.holderVersion, payload.code))) {
    return refuse('invalid_code');
  }
  if (context.doorOpen && !context.doorOpen()) return refuse('door_closed');
  return { verdict: 'admitted', admitted: true, ...named };
}
