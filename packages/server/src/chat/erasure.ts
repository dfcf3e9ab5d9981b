import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/sql.ts';

/** What an erased account's sent messages read as in the other person's conversation. */
export const ERASED_MESSAGE_TEXT = 'Mensagem apagada';

/**
 * An account is erased (docs/accounts.md, "Erasure"): the text of every message it sent is
 * replaced, so the friend's conversation keeps its shape (their own messages, the times)
 * without the erased person's words; its send log goes.
 */
export async function forgetChatAuthor(db: Queryable, customerId: number): Promise<void> {
  await db.execute(
    sql`UPDATE chat_messages SET content = ${ERASED_MESSAGE_TEXT}, client_message_id = NULL
        WHERE user_id = ${customerId} AND NOT is_system`,
  );
  await db.execute(sql`DELETE FROM chat_send_log WHERE customer_id = ${customerId}`);
}
