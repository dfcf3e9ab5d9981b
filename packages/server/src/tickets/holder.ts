import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** Statuses a ticket row can carry (migrations 0012 and 0075). */
export type TicketStatus = 'valid' | 'used' | 'cancelled' | 'transferred' | 'resold' | 'refunded';

/** What changes together with the holder version; omitted fields stay as they are. */
export interface HolderChange {
  /** The new owner's account (null: waits for an account with `holderEmail`). */
  customerId?: number | null;
  /** The new holder's e-mail. */
  holderEmail?: string;
  /** The ticket's new status (a refund sets 'cancelled'). */
  status?: TicketStatus;
}

/**
 * The one way a ticket changes hands: transfer acceptance, resale and refund all call it.
 * It bumps `holder_version` (so the per-ticket QR secret changes and every code and
 * screenshot issued before dies) and sets `updated_at` (the door manifest's cursor),
 * together with the new owner or status. Run it inside the caller's transaction, after
 * the caller has locked and checked the ticket. Answers the new holder version, or null
 * when the ticket does not exist.
 */
export async function bumpHolderVersion(
  db: Queryable,
  ticketId: number,
  change: HolderChange = {},
): Promise<{ holderVersion: number } | null> {
  const sets: SQL[] = [sql`holder_version = holder_version + 1`, sql`updated_at = now()`];
  if (change.customerId !== undefined) sets.push(sql`customer_id = ${change.customerId}`);
  if (change.holderEmail !== undefined) sets.push(sql`holder_email = ${change.holderEmail}`);
  if (change.status !== undefined) sets.push(sql`status = ${change.status}`);
  const row = await selectOne<{ holder_version: number }>(
    db,
    sql`UPDATE tickets SET ${sql.join(sets, sql`, `)} WHERE id = ${ticketId} RETURNING holder_version`,
  );
  return row ? { holderVersion: Number(row.holder_version) } : null;
}
