import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailTokens } from '../db/schema/accounts.ts';
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
  db: Database,
  customerId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    tokenHash: tokenDigest(token),
    customerId,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TTL[purpose]),
  });
  return token;
}

/**
 * Uses up a link token in one statement, so two clicks racing each other cannot both
 * succeed. Returns the customer it belongs to, or null when unknown, used or expired.
 */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<number | null> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenDigest(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ customerId: emailTokens.customerId });
  return rows[0]?.customerId ?? null;
}

/** When the customer's newest link of this purpose was issued (for the one-minute resend wait). */
export async function lastIssuedAt(
  db: Database,
  customerId: number,
  purpose: EmailTokenPurpose,
): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: emailTokens.createdAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.customerId, customerId), eq(emailTokens.purpose, purpose)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}
