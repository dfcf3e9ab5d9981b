import type { FriendlyAccept } from '@plateia/core/contracts/friends';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

/** `/friendly/ispublic`: the customer's `friendly_accept` (1 public, the default; 2 not). */
export async function readFriendlyAccept(db: Queryable, customerId: number): Promise<FriendlyAccept> {
  const row = await selectOne<{ friendly_accept: number }>(
    db,
    sql`SELECT friendly_accept FROM friend_settings WHERE customer_id = ${customerId}`,
  );
  return row?.friendly_accept === 2 ? 2 : 1;
}

/** `/friendly/update`: saves the customer's `friendly_accept`. */
export async function saveFriendlyAccept(
  db: Queryable,
  customerId: number,
  value: FriendlyAccept,
  now: Date,
): Promise<void> {
  await execute(
    db,
    sql`INSERT INTO friend_settings (customer_id, friendly_accept, updated_at)
        VALUES (${customerId}, ${value}, ${now.toISOString()}::timestamptz)
        ON CONFLICT (customer_id) DO UPDATE
          SET friendly_accept = EXCLUDED.friendly_accept, updated_at = EXCLUDED.updated_at`,
  );
}
