import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): its tickets (past, used, refunded or
 * passed on: erasure waits for the future ones) keep their order, price and check-in history
 * but no longer name the person's e-mail.
 */
export async function forgetTicketHolder(
  db: Queryable,
  customerId: number,
  erasedEmail: string,
): Promise<void> {
  await db.execute(sql`UPDATE tickets SET holder_email = ${erasedEmail} WHERE customer_id = ${customerId}`);
}
