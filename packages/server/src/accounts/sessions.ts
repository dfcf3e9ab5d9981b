import { and, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { customers, sessions } from '../db/schema/accounts.ts';
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
  db: Database,
  customerId: number,
  now: Date,
  options: { scope?: SessionScope; clientUuid?: string } = {},
): Promise<string> {
  const scope = options.scope ?? 'session';
  const token = newToken();
  const ttl = scope === 'upload' ? UPLOAD_GRANT_TTL_MS : SESSION_TTL_MS;
  // Housekeeping at login keeps the table to live sessions without a separate sweeper.
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.customerId, customerId),
        or(lt(sessions.expiresAt, now), isNotNull(sessions.revokedAt)),
      ),
    );
  await db.insert(sessions).values({
    customerId,
    tokenHash: tokenDigest(token),
    scope,
    clientUuid: options.clientUuid ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttl),
  });
  return token;
}

/** The customer behind a token, or null when it is unknown, expired or revoked. */
export async function findSession(db: Database, token: string, now: Date): Promise<SessionCustomer | null> {
  const rows = await db
    .select({ id: customers.id, email: customers.email, isadmin: customers.isadmin, scope: sessions.scope })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, tokenDigest(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Revokes one token (sign-out). Returns whether it was still active. */
export async function revokeSession(db: Database, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenDigest(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every token of a customer (after a password change through recovery). */
export async function revokeAllSessions(db: Database, customerId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}
