import { isIPv6 } from 'node:net';
import { RATE_LIMIT_MESSAGES } from '@plateia/core/messages/rate-limits';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { pgIntArray } from '../seat-map/id-list.ts';
import { holdSeatsQuery } from './hold.ts';

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
  | { status: 'refused'; message: string };

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
 * Holds the seats (all or none, `holdSeatsQuery`) within the caps, in one transaction:
 * transaction-scoped advisory locks on the holder and, without an account, the address
 * serialise one holder's (and one address's) holds on an event, so concurrent requests
 * cannot together pass a cap each would have been refused alone.
 */
export async function holdSeatsWithinLimits(
  db: Database,
  input: LimitedHoldInput,
  limits: SeatHoldLimits,
): Promise<LimitedHoldResult> {
  const ids = [...new Set(input.seatIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { status: 'taken' };
  const address = addressKey(input.address);
  const holder = holderKey(input);
  return db.transaction(async (tx) => {
    await lock(tx, `seat-hold:${input.eventId}:${holder}`);
    if (input.accountId === null) await lock(tx, `seat-hold:${input.eventId}:address:${address}`);

    const others = sql`event_id = ${input.eventId} AND held_until > now() AND state = 'available'
      AND NOT (id = ANY(${pgIntArray(ids)}::int[]))`;
    const mine =
      input.accountId !== null
        ? sql`hold_account = ${input.accountId}`
        : sql`held_by = ${input.sessionId} AND hold_account IS NULL`;
    const holding = await count(tx, sql`SELECT count(*)::int AS n FROM seats WHERE ${others} AND ${mine}`);
    if (holding + ids.length > limits.seatsPerHolder) {
      return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldHolderCap(limits.seatsPerHolder) };
    }
    if (input.accountId === null) {
      const fromAddress = await count(
        tx,
        sql`SELECT count(*)::int AS n FROM seats WHERE ${others} AND hold_account IS NULL AND hold_address = ${address}`,
      );
      if (fromAddress + ids.length > limits.seatsPerAddress) {
        return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldAddressCap };
      }
    }

    // The hold ends no later than the holder's first hold of any of these seats allows.
    const window = sql`now() - make_interval(hours => ${USAGE_WINDOW_HOURS}::int)`;
    await tx.execute(
      sql`DELETE FROM seat_hold_usage WHERE seat_id = ANY(${pgIntArray(ids)}::int[]) AND first_held_at < ${window}`,
    );
    const left = await selectOne<{ seconds: number | null }>(
      tx,
      sql`SELECT floor(extract(epoch FROM min(first_held_at) + make_interval(secs => ${limits.secondsPerSeat}::int) - now()))::int AS seconds
          FROM seat_hold_usage WHERE holder = ${holder} AND seat_id = ANY(${pgIntArray(ids)}::int[])`,
    );
    const remaining = left?.seconds ?? limits.secondsPerSeat;
    if (remaining <= 0) return { status: 'refused', message: RATE_LIMIT_MESSAGES.seatHoldTimeCap };
    const holdSeconds = Math.min(input.holdSeconds, remaining, limits.secondsPerSeat);

    const held = await selectRows<{ id: number; held_until: Date | string }>(
      tx,
      holdSeatsQuery({
        eventId: input.eventId,
        seatIds: ids,
        sessionId: input.sessionId,
        holdSeconds,
        holdAccount: input.accountId,
        holdAddress: address,
      }),
    );
    if (held.length !== ids.length) return { status: 'taken' };
    await tx.execute(
      sql`INSERT INTO seat_hold_usage (seat_id, holder, first_held_at)
          SELECT unnest(${pgIntArray(ids)}::int[]), ${holder}, now()
          ON CONFLICT (seat_id, holder) DO NOTHING`,
    );
    const until = held.reduce((latest, row) => Math.max(latest, new Date(row.held_until).getTime()), 0);
    return { status: 'held', heldUntil: new Date(until) };
  });
}

async function lock(tx: Queryable, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

async function count(tx: Queryable, query: ReturnType<typeof sql>): Promise<number> {
  return (await selectOne<{ n: number }>(tx, query))?.n ?? 0;
}
