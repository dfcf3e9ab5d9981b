import type { Database } from '../db/client.ts';
import { acceptTransfersOnSignUp } from '../ticket-transfers/transfers.ts';
import { markEmailVerified, updateCustomer } from './customers.ts';
import { consumeEmailToken } from './email-tokens.ts';

/**
 * Confirms a customer's e-mail with the single-use link token. Answers false when the
 * token is unknown, already used or expired. An earlier confirmation date is kept. Tickets
 * transferred to the e-mail before it had an account join it now (docs/tickets.md).
 */
export async function confirmEmail(db: Database, token: string, now: Date): Promise<boolean> {
  const customerId = await consumeEmailToken(db, token, 'verify', now);
  if (customerId === null) return false;
  await updateCustomer(db, customerId, {}, markEmailVerified(now));
  await acceptTransfersOnSignUp(db, customerId, now);
  return true;
}
