import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): order lines that named it as a
 * ticket's holder (a friend bought for it) no longer name its e-mail. The meia-entrada
 * beneficiary on a line stays: Decreto 8.537 has the producer keep who used each meia, a
 * legal obligation LGPD art. 16 lets outlive the account.
 */
export async function forgetOrderHolder(db: Queryable, email: string, erasedEmail: string): Promise<void> {
  await db.execute(
    sql`UPDATE order_items SET holder_email = ${erasedEmail} WHERE lower(holder_email) = lower(${email})`,
  );
}
