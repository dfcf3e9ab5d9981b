import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/** An account is erased (docs/accounts.md, "Erasure"): its friendships, requests and settings go. */
export async function forgetFriendships(db: Queryable, customerId: number): Promise<void> {
  await db.execute(
    sql`DELETE FROM friendships WHERE from_customer_id = ${customerId} OR to_customer_id = ${customerId}`,
  );
  await db.execute(sql`DELETE FROM friend_settings WHERE customer_id = ${customerId}`);
}
