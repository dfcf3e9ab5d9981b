import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): shares of closed groups it paid or was
 * invited to no longer name its e-mail (erasure waits while a group it is in is open).
 */
export async function forgetShareEmail(db: Queryable, email: string, erasedEmail: string): Promise<void> {
  await db.execute(
    sql`UPDATE shared_payment_shares s SET email = ${erasedEmail}
        FROM shared_payments g
        WHERE g.id = s.shared_payment_id AND g.status <> 'open'
          AND lower(s.email) = lower(${email})`,
  );
}
