import { sql } from 'drizzle-orm';
import { type Queryable, selectRows } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): its support requests go with their
 * messages and attachments (rows cascade). Answers the attachments' stored file names, for
 * the caller to delete from disk once the transaction has committed.
 */
export async function forgetSupportRequests(db: Queryable, customerId: number): Promise<string[]> {
  const files = await selectRows<{ stored_name: string }>(
    db,
    sql`SELECT a.stored_name FROM support_attachments a
        JOIN support_messages m ON m.id = a.message_id
        JOIN support_requests r ON r.id = m.request_id
        WHERE r.customer_id = ${customerId}`,
  );
  await db.execute(sql`DELETE FROM support_requests WHERE customer_id = ${customerId}`);
  return files.map((file) => file.stored_name);
}
