import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import { isadminOf } from './customers.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** How long a login stays valid at most: a ticket buyer expects to stay signed in between events. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A login unused for this long ends (idle timeout), well before the 30 days. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A login's token is replaced by a new one once it is this old (rotation). */
export const SESSION_ROTATE_MS = 24 * 60 * 60 * 1000;
/** "Last used" is written at most this often per session, so reads stay reads. */
export const SESSION_TOUCH_MS = 60 * 1000;
/** How long the upload grant returned by sign-up lasts: enough to finish the sign-up form. */
export const UPLOAD_GRANT_TTL_MS = 30 * 60 * 1000;
/** An embed token unused for this long ends (docs/security.md). */
export const EMBED_IDLE_MS = 30 * 60 * 1000;
/** An embed token lasts at most this long, however much it is used; it is never renewed. */
export const EMBED_TTL_MS = 2 * 60 * 60 * 1000;
/** The longest user agent kept for the list of sessions. */
const USER_AGENT_MAX = 300;

/**
 * What a token may do: a full login, only upload the customer's documents, or ('embed') buy
 * from one producer's page: bound to that page's origin and to the purchase routes.
 */
export type SessionScope = 'session' | 'upload' | 'embed';

/** The customer a valid bearer token stands for. */
export interface SessionCustomer {
  id: number;
  email: string;
  isadmin: string;
  scope: SessionScope;
  /** The session's row id (marks the current one in the list of sessions). */
  sessionId: number;
  /** The origin an embed token is bound to; null for other scopes. */
  origin: string | null;
  /** Set when this request rotated the token: the browser must use it from now on. */
  rotatedToken?: string;
}

/** One of a customer's live logins, as the profile lists them. */
export interface SessionSummary {
  id: number;
  userAgent: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

const iso = (date: Date) => date.toISOString();

/** Opens a session (or an upload grant) and returns its token; only its digest is stored. */
export async function openSession(
  db: Queryable,
  customerId: number,
  now: Date,
  options: { scope?: SessionScope; clientUuid?: string; userAgent?: string } = {},
): Promise<string> {
  const scope = options.scope ?? 'session';
  const token = newToken();
  const ttl = scope === 'upload' ? UPLOAD_GRANT_TTL_MS : SESSION_TTL_MS;
  const nowIso = iso(now);
  // Housekeeping at login keeps the table to live sessions without a separate sweeper.
  await execute(
    db,
    sql`DELETE FROM sessions
        WHERE customer_id = ${customerId}
          AND (expires_at < ${nowIso}::timestamptz OR revoked_at IS NOT NULL
               OR last_used_at < ${iso(new Date(now.getTime() - SESSION_IDLE_MS))}::timestamptz)`,
  );
  await execute(
    db,
    sql`INSERT INTO sessions (customer_id, token_hash, scope, client_uuid, user_agent, created_at,
                              last_used_at, rotated_at, expires_at)
        VALUES (${customerId}, ${tokenDigest(token)}, ${scope}, ${options.clientUuid ?? null},
                ${(options.userAgent ?? '').slice(0, USER_AGENT_MAX)}, ${nowIso}::timestamptz,
                ${nowIso}::timestamptz, ${nowIso}::timestamptz,
                ${iso(new Date(now.getTime() + ttl))}::timestamptz)`,
  );
  return token;
}

interface FoundSession {
  sessionId: number | string;
  id: number;
  email: string;
  isadmin: string;
  scope: SessionScope;
  /** The token presented is the current one (not the previous one of a rotation). */
  current: boolean;
  hasPrevious: boolean;
  origin: string | null;
  lastUsedAt: string | Date;
  rotatedAt: string | Date;
  userAgent: string;
}

/**
 * The customer behind a token, or null when it is unknown, expired, revoked, idle for
 * `SESSION_IDLE_MS`, or its account is not active (status 1): blocking an account ends its
 * sessions at once. Also keeps the session's activity: "last used" (at most once a minute),
 * the user agent of its first use, and rotation. A current token older than
 * `SESSION_ROTATE_MS` is replaced (answered in `rotatedToken`); the previous one keeps
 * working only until the new one is first presented.
 */
export async function findSession(
  db: Queryable,
  token: string,
  now: Date,
  request: { userAgent?: string } = {},
): Promise<SessionCustomer | null> {
  const digest = tokenDigest(token);
  const nowIso = iso(now);
  const found = await selectOne<FoundSession>(
    db,
    sql`SELECT s.id AS "sessionId", c.id, c.email, ${isadminOf('c')} AS isadmin, s.scope,
               s.token_hash = ${digest} AS current, s.previous_token_hash IS NOT NULL AS "hasPrevious",
               s.origin,
               s.last_used_at AS "lastUsedAt", s.rotated_at AS "rotatedAt", s.user_agent AS "userAgent"
        FROM sessions s JOIN customers c ON c.id = s.customer_id
        WHERE (s.token_hash = ${digest} OR s.previous_token_hash = ${digest})
          AND s.revoked_at IS NULL AND s.expires_at > ${nowIso}::timestamptz
          AND s.last_used_at > ${iso(new Date(now.getTime() - SESSION_IDLE_MS))}::timestamptz
          AND (s.scope <> 'embed'
               OR s.last_used_at > ${iso(new Date(now.getTime() - EMBED_IDLE_MS))}::timestamptz)
          AND c.status = 1
        LIMIT 1`,
  );
  if (!found) return null;
  const customer: SessionCustomer = {
    id: found.id,
    email: found.email,
    isadmin: found.isadmin,
    scope: found.scope,
    // bigint: the PostgreSQL driver hands it over as text.
    sessionId: Number(found.sessionId),
    origin: found.origin ?? null,
  };
  const userAgent = (request.userAgent ?? '').slice(0, USER_AGENT_MAX);
  const stale = new Date(found.lastUsedAt).getTime() <= now.getTime() - SESSION_TOUCH_MS;
  const needsAgent = found.userAgent === '' && userAgent !== '';
  const due = new Date(found.rotatedAt).getTime() <= now.getTime() - SESSION_ROTATE_MS;
  const agent = sql`user_agent = CASE WHEN user_agent = '' THEN ${userAgent} ELSE user_agent END`;
  const touch = sql`last_used_at = greatest(last_used_at, ${nowIso}::timestamptz)`;
  if (found.current && found.scope === 'session' && due) {
    const next = newToken();
    // Only the request that still sees the old digest rotates; a racing one just goes on.
    const rotated = await execute(
      db,
      sql`UPDATE sessions SET previous_token_hash = token_hash, token_hash = ${tokenDigest(next)},
                              rotated_at = ${nowIso}::timestamptz, ${touch}, ${agent}
          WHERE id = ${found.sessionId} AND token_hash = ${digest}`,
    );
    if (rotated > 0) customer.rotatedToken = next;
  } else if (found.current && found.hasPrevious) {
    // The browser has the new token: the previous one stops working now.
    await execute(
      db,
      sql`UPDATE sessions SET previous_token_hash = NULL, ${touch}, ${agent}
          WHERE id = ${found.sessionId} AND token_hash = ${digest}`,
    );
  } else if (stale || needsAgent) {
    await execute(db, sql`UPDATE sessions SET ${touch}, ${agent} WHERE id = ${found.sessionId}`);
  }
  return customer;
}

/** Revokes one token, current or previous (sign-out). Returns whether it was still active. */
export async function revokeSession(db: Queryable, token: string, now: Date): Promise<boolean> {
  const digest = tokenDigest(token);
  const changed = await execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz
        WHERE (token_hash = ${digest} OR previous_token_hash = ${digest}) AND revoked_at IS NULL`,
  );
  // Signing out of the storefront also ends the embed tokens that login granted.
  await execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz
        WHERE revoked_at IS NULL AND parent_session_id IN
          (SELECT id FROM sessions WHERE token_hash = ${digest} OR previous_token_hash = ${digest})`,
  );
  return changed > 0;
}

/**
 * Revokes every token of a customer: "sign out everywhere", and after a password change
 * through recovery.
 */
export async function revokeAllSessions(db: Queryable, customerId: number, now: Date): Promise<number> {
  return execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz
        WHERE customer_id = ${customerId} AND revoked_at IS NULL`,
  );
}

/** Revokes one of the customer's own sessions by id; false when it is not theirs or not live. */
export async function revokeOwnSession(
  db: Queryable,
  customerId: number,
  sessionId: number,
  now: Date,
): Promise<boolean> {
  const changed = await execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz
        WHERE id = ${sessionId} AND customer_id = ${customerId} AND scope = 'session'
          AND revoked_at IS NULL`,
  );
  if (changed > 0) {
    await execute(
      db,
      sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz
          WHERE parent_session_id = ${sessionId} AND revoked_at IS NULL`,
    );
  }
  return changed > 0;
}

/** The customer's live logins (not upload grants), most recently used first. */
export async function listSessions(
  db: Queryable,
  customerId: number,
  currentSessionId: number | null,
  now: Date,
): Promise<SessionSummary[]> {
  const nowIso = iso(now);
  const rows = await selectRows<{
    id: number | string;
    userAgent: string;
    createdAt: string | Date;
    lastUsedAt: string | Date;
  }>(
    db,
    sql`SELECT id, user_agent AS "userAgent", created_at AS "createdAt", last_used_at AS "lastUsedAt"
        FROM sessions
        WHERE customer_id = ${customerId} AND scope = 'session' AND revoked_at IS NULL
          AND expires_at > ${nowIso}::timestamptz
          AND last_used_at > ${iso(new Date(now.getTime() - SESSION_IDLE_MS))}::timestamptz
        ORDER BY last_used_at DESC, id DESC
        LIMIT 100`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    userAgent: row.userAgent,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    current: Number(row.id) === currentSessionId,
  }));
}

/** A new embed token and when it ends at the latest. */
export interface EmbedToken {
  token: string;
  expiresAt: string;
}

/**
 * Opens an embed token for a producer's page at `origin`, granted from the storefront session
 * `parentSessionId` of `customerId`. It ends after `EMBED_IDLE_MS` unused or `EMBED_TTL_MS` at
 * most (never beyond its parent), is never rotated, and is revoked with its parent.
 */
export async function openEmbedToken(
  db: Queryable,
  grant: { customerId: number; parentSessionId: number; origin: string },
  now: Date,
): Promise<EmbedToken> {
  const token = newToken();
  const nowIso = iso(now);
  const max = iso(new Date(now.getTime() + EMBED_TTL_MS));
  const row = await selectOne<{ expiresAt: string | Date }>(
    db,
    sql`INSERT INTO sessions (customer_id, token_hash, scope, origin, parent_session_id, user_agent,
                              created_at, last_used_at, rotated_at, expires_at)
        SELECT ${grant.customerId}, ${tokenDigest(token)}, 'embed', ${grant.origin}, p.id, '',
               ${nowIso}::timestamptz, ${nowIso}::timestamptz, ${nowIso}::timestamptz,
               least(${max}::timestamptz, p.expires_at)
        FROM sessions p
        WHERE p.id = ${grant.parentSessionId} AND p.customer_id = ${grant.customerId}
          AND p.scope = 'session' AND p.revoked_at IS NULL
        RETURNING expires_at AS "expiresAt"`,
  );
  if (!row) throw new Error('embed token asked from a session that is not live');
  return { token, expiresAt: new Date(row.expiresAt).toISOString() };
}
