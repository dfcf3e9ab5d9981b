import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): transfers it received no longer name
 * its e-mail. Transfers it sent keep the recipient's address: that is the recipient's, for
 * their ticket's history.
 */
export async function forgetTransferRecipient(
  db: Queryable,
  customerId: number,
  email: string,
  erasedEmail: string,
): Promise<void> {
  await db.execute(
    sql`UPDATE ticket_transfers SET to_email = ${erasedEmail}
        WHERE status <> 'pending' AND (to_customer_id = ${customerId} OR lower(to_email) = lower(${email}))`,
  );
}
