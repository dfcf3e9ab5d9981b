import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectRows } from '../db/sql.ts';
import type { Mailer } from './mailer.ts';

/** A stored development e-mail, as `GET /dev/mailbox` lists it. */
export interface MailboxEntry {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** Keeps messages in the database for the development mailbox page instead of sending them. */
export function mailboxMailer(db: Queryable, now: () => Date = () => new Date()): Mailer {
  return {
    kind: 'mailbox',
    async send(message) {
      await execute(
        db,
        sql`INSERT INTO mailbox_messages (to_address, subject, text_body, html_body, created_at)
            VALUES (${message.to}, ${message.subject}, ${message.text}, ${message.html},
                    ${now().toISOString()}::timestamptz)`,
      );
    },
    async close() {},
  };
}

/** The newest stored messages first. */
export async function listMailbox(db: Queryable, limit = 100): Promise<MailboxEntry[]> {
  const rows = await selectRows<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT id, to_address, subject, text_body, html_body, created_at FROM mailbox_messages
        ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
