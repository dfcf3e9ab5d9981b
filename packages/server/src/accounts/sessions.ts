import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** How long a login stays valid: a ticket buyer expects to stay signed in between events. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long the upload grant returned by sign-up lasts: enough to finish the sign-up form. */
export const UPLOAD_GRANT_TTL_MS = 30 * 60 * 1000;

/** What a token may do: a full login, or only upload the customer's documents. */
export type SessionScope = 'session' | 'upload';

/** The customer a valid bearer token stands for. */
export interface SessionCustomer {
  id: number;
  email: string;
  isadmin: string;
  scope: SessionScope;
}

/** Opens a session (or an upload grant) and returns its token; only its digest is stored. */
export async function openSession(
  db: Queryable,
  customerId: number,
  now: Date,
  options: { scope?: SessionScope; clientUuid?: string } = {},
): Promise<string> {
  const scope = options.scope ?? 'session';
  const token = newToken();
  const ttl = scope === 'upload' ? UPLOAD_GRANT_TTL_MS : SESSION_TTL_MS;
  const nowIso = now.toISOString();
  // Housekeeping at login keeps the table to live sessions without a separate sweeper.
  await execute(
    db,
    sql`DELETE FROM sessions
        WHERE customer_id = ${customerId} AND (expires_at < ${nowIso}::timestamptz OR revoked_at IS NOT NULL)`,
  );
  await execute(
    db,
    sql`INSERT INTO sessions (customer_id, token_hash, scope, client_uuid, created_at, expires_at)
        VALUES (${customerId}, ${tokenDigest(token)}, ${scope}, ${options.clientUuid ?? null},
                ${nowIso}::timestamptz, ${new Date(now.getTime() + ttl).toISOString()}::timestamptz)`,
  );
  return token;
}

/** The customer behind a token, or null when it is unknown, expired or revoked. */
export async function findSession(db: Queryable, token: string, now: Date): Promise<SessionCustomer | null> {
  return selectOne<SessionCustomer>(
    db,
    sql`SELECT c.id, c.email, c.isadmin, s.scope
        FROM sessions s JOIN customers c ON c.id = s.customer_id
        WHERE s.token_hash = ${tokenDigest(token)} AND s.revoked_at IS NULL
          AND s.expires_at > ${now.toISOString()}::timestamptz
        LIMIT 1`,
  );
}

/** Revokes one token (sign-out). Returns whether it was still active. */
export async function revokeSession(db: Queryable, token: string, now: Date): Promise<boolean> {
  const changed = await execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${now.toISOString()}::timestamptz
        WHERE token_hash = ${tokenDigest(token)} AND revoked_at IS NULL`,
  );
  return changed > 0;
}

/** Revokes every token of a customer (after a password change through recovery). */
export async function revokeAllSessions(db: Queryable, customerId: number, now: Date): Promise<void> {
  await execute(
    db,
    sql`UPDATE sessions SET revoked_at = ${now.toISOString()}::timestamptz
        WHERE customer_id = ${customerId} AND revoked_at IS NULL`,
  );
}
