import { isIPv6 } from 'node:net';
import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';

/**
 * What one holder may keep (docs/security.md, "Abuse limits"). A holder is the account
 * when the hold comes with a session token, otherwise the browser session; holds without
 * an account are also counted per network address, which costs an attacker far more than
 * a new session id.
 */
export interface SeatHoldLimits {
  /** Live held seats per holder per event. */
  seatsPerHolder: number;
  /** Live held seats per address per event, for holds without an account. */
  seatsPerAddress: number;
  /** How long one holder may keep one seat in all, refreshes and re-holds included. */
  secondsPerSeat: number;
  /** `/seat/hold` calls per holder (token, else address) per minute. */
  holdsPerMinute: number;
}

/** The defaults: a party's worth of seats, a busy household's per address, 30 minutes a seat. */
export const DEFAULT_SEAT_HOLD_LIMITS: SeatHoldLimits = {
  seatsPerHolder: 12,
  seatsPerAddress: 40,
  secondsPerSeat: 1800,
  holdsPerMinute: 120,
};

/** After this long a holder's time on a seat starts over. */
const USAGE_WINDOW_HOURS = 6;

/** Who asks for the hold. */
export interface SeatHolder {
  sessionId: string;
  /** The logged-in customer, or null for a visitor. */
  accountId: number | null;
  /** The client's address (as the host resolved it). */
  address: string;
}

/** A hold request with its holder. */
export interface LimitedHoldInput extends SeatHolder {
  eventId: number;
  seatIds: number[];
  holdSeconds: number;
}

/** The outcome: held, a seat taken by someone else, or refused by a cap (pt-BR message). */
export type LimitedHoldResult =
  | { status: 'held'; heldUntil: Date }
  | { status: 'taken' }
  | { status: 'refused'; message: string }
  /** The event sells only to buyers the virtual queue admitted, and the call came without a pass. */
  | { status: 'pass_required' }
  /** Past the holder's calls per minute; `retryAfterMs` until the window ends. */
  | { status: 'rate_limited'; retryAfterMs: number };

/** Checks the hold runs besides the caps, in the same round trip. */
export interface HoldChecks {
  /**
   * When set, a hold on an event gated by the virtual queue at this time is refused
   * (`pass_required`): the call came without a pass, so the gate needs no further reading.
   */
  gateAt?: Date | null;
  /**
   * The per-holder call limit counted in the database's rate-limit counters: the
   * counter's stored key and the calls allowed per window. Null when counted elsewhere.
   */
  rate?: { key: string; max: number; windowMs: number } | null;
}

/**
 * An address as the caps count it: IPv6 clients get a whole /64 from their provider, so the
 * prefix is the address; IPv4 is taken as it is.
 */
export function addressKey(address: string): string {
  if (!isIPv6(address) || address.startsWith('::ffff:')) return address.replace(/^::ffff:/, '');
  const groups = expandIPv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array.from({ length: missing }, () => '0'), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

/** The key a holder's time on a seat is kept under. */
const holderKey = (holder: SeatHolder): string =>
  holder.accountId !== null ? `account:${holder.accountId}` : `session:${holder.sessionId}`;

/**
 * The one statement of a hold within the caps (`holdSeatsWithinLimits`); exported so the
 * benchmark can have pgbench run the very same call.
 */
export function holdSeatsCall(input: LimitedHoldInput, limits: SeatHoldLimits, checks: HoldChecks = {}): SQL {
  const ids = [...new Set(input.seatIds)].sort((a, b) => a - b);
  const rate = checks.rate ?? null;
  return sql`SELECT outcome, held_until, retry_ms FROM plateia_hold_seats(
      ${input.eventId}::int, ${pgIntArray(ids)}::int[], ${input.sessionId}::text, ${input.holdSeconds}::int,
      ${input.accountId}::int, ${addressKey(input.address)}::text, ${holderKey(input)}::text,
      ${limits.seatsPerHolder}::int, ${limits.seatsPerAddress}::int, ${limits.secondsPerSeat}::int,
      ${USAGE_WINDOW_HOURS}::int, ${checks.gateAt ?? null}::timestamptz,
      ${rate?.key ?? null}::text, ${rate?.max ?? 0}::int, ${rate?.windowMs ?? 0}::bigint)`;
}

/**
 * Holds the seats (all or none, the conditional UPDATE of `holdSeatsQuery`) within the caps,
 * in one statement: `plateia_hold_seats` (migration 0205) takes transaction-scoped advisory
 * locks on the holder and, without an account, the address, so one holder's (and one
 * address's) holds on an event are serialised and concurrent requests cannot together pass
 * a cap each would have been refused alone; then counts, checks the time cap and holds. It
 * also counts the call against the holder's per-minute limit and checks the queue's gate
 * when asked (`checks`), so a hold costs the API host one round trip to the database.
 */
export async function holdSeatsWithinLimits(
  db: Queryable,
  input: LimitedHoldInput,
  limits: SeatHoldLimits,
  checks: HoldChecks = {},
): Promise<LimitedHoldResult> {
  const row = await selectOne<{
    outcome: string;
    held_until: Date | string | null;
    retry_ms: number | string | null;
  }>(db, holdSeatsCall(input, limits, checks));
  switch (row?.outcome) {
    case 'held':
      return { status: 'held', heldUntil: new Date(row.held_until!) };
    case 'holder_cap':
      return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldHolderCap(limits.seatsPerHolder) };
    case 'address_cap':
      return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldAddressCap };
    case 'time_cap':
      return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldTimeCap };
    case 'pass_required':
      return { status: 'pass_required' };
    case 'rate_limited':
      return { status: 'rate_limited', retryAfterMs: Number(row.retry_ms ?? 0) };
    default:
      return { status: 'taken' };
  }
}
