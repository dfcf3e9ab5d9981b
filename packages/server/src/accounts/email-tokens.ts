import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** What an e-mailed link does. */
export type EmailTokenPurpose = 'verify' | 'recovery';

/** A verification link stays valid for 7 days: people confirm sign-ups late. */
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A recovery link stays valid for 1 hour (issue 2, §3). */
export const RECOVERY_TOKEN_TTL_MS = 60 * 60 * 1000;

const TTL: Record<EmailTokenPurpose, number> = {
  verify: VERIFY_TOKEN_TTL_MS,
  recovery: RECOVERY_TOKEN_TTL_MS,
};

/** Issues a single-use link token; only its digest is stored. */
export async function issueEmailToken(
  db: Queryable,
  customerId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  await execute(
    db,
    sql`INSERT INTO email_tokens (token_hash, customer_id, purpose, created_at, expires_at)
        VALUES (${tokenDigest(token)}, ${customerId}, ${purpose}, ${now.toISOString()}::timestamptz,
                ${new Date(now.getTime() + TTL[purpose]).toISOString()}::timestamptz)`,
  );
  return token;
}

/**
 * Uses up a link token in one statement, so two clicks racing each other cannot both
 * succeed. Returns the customer it belongs to, or null when unknown, used or expired.
 */
export async function consumeEmailToken(
  db: Queryable,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | null> {
  const nowIso = now.toISOString();
  const row = await selectOne<{ customer_id: number }>(
    db,
    sql`UPDATE email_tokens SET used_at = ${nowIso}::timestamptz
        WHERE token_hash = ${tokenDigest(token)} AND purpose = ${purpose}
          AND used_at IS NULL AND expires_at > ${nowIso}::timestamptz
        RETURNING customer_id`,
  );
  return row?.customer_id ?? null;
}

/** When the customer's newest link of this purpose was issued (for the one-minute resend wait). */
export async function lastIssuedAt(
  db: Queryable,
  customerId: number,
  purpose: EmailTokenPurpose,
): Promise<Date | null> {
  const row = await selectOne<{ created_at: string | Date }>(
    db,
    sql`SELECT created_at FROM email_tokens
        WHERE customer_id = ${customerId} AND purpose = ${purpose}
        ORDER BY created_at DESC LIMIT 1`,
  );
  return row ? new Date(row.created_at) : null;
}
