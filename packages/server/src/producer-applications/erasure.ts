import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/** An account is erased (docs/accounts.md, "Erasure"): the producer applications it sent go. */
export async function forgetProducerApplications(
  db: Queryable,
  customerId: number,
  email: string,
): Promise<void> {
  await db.execute(
    sql`DELETE FROM producer_applications WHERE customer_id = ${customerId} OR lower(email) = lower(${email})`,
  );
}
