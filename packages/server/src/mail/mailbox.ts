import { desc } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailboxMessages } from '../db/schema/accounts.ts';
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
export function mailboxMailer(db: Database, now: () => Date = () => new Date()): Mailer {
  return {
    kind: 'mailbox',
    async send(message) {
      await db.insert(mailboxMessages).values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        createdAt: now(),
      });
    },
    async close() {},
  };
}

/** The newest stored messages first. */
export async function listMailbox(db: Database, limit = 100): Promise<MailboxEntry[]> {
  const rows = await db
    .select()
    .from(mailboxMessages)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  }));
}
