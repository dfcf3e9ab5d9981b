import type { Queryable } from '../db/sql.ts';
import { markEmailVerified, updateCustomer } from './customers.ts';
import { consumeEmailToken } from './email-tokens.ts';

/**
 * Confirms a customer's e-mail with the single-use link token. Answers false when the
 * token is unknown, already used or expired. An earlier confirmation date is kept.
 */
export async function confirmEmail(db: Queryable, token: string, now: Date): Promise<boolean> {
  const customerId = await consumeEmailToken(db, token, 'verify', now);
  if (customerId === null) return false;
  await updateCustomer(db, customerId, {}, markEmailVerified(now));
  return true;
}
