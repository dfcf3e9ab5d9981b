import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/**
 * An account is erased (docs/accounts.md, "Erasure"): its queue entries keep their public
 * ids and places (the published shuffle must still verify) but no longer carry the CPF. The
 * entry's own id stands in, so `(event, cpf)` stays unique.
 */
export async function forgetQueueCpf(db: Queryable, customerId: number): Promise<void> {
  await db.execute(
    sql`UPDATE virtual_queue_entries SET cpf = 'excluido-' || id::text WHERE customer_id = ${customerId}`,
  );
}
