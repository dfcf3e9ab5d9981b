import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailboxMailer } from './mailbox.ts';
import { type Mailer, unconfiguredMailer } from './mailer.ts';
import { type OutboxOptions, outboxMailer } from './outbox.ts';
import { smtpMailer } from './smtp.ts';

/** The mail interface other modules program against. */
export type { Mailer, MailMessage } from './mailer.ts';

/**
 * The mailer the configuration asks for: SMTP when `SMTP_URL` is set (through the outbox when
 * `outbox` is given, so no message is lost while SMTP is down); otherwise the development
 * mailbox, which production never uses (docs/architecture.md).
 */
export function createMailer(
  config: Config,
  db: Database,
  now?: () => Date,
  outbox?: Omit<OutboxOptions, 'db'>,
): Mailer {
  if (config.smtpUrl) {
    const smtp = smtpMailer(config.smtpUrl, config.mailFrom);
    return outbox ? outboxMailer(smtp, { ...outbox, db }) : smtp;
  }
  if (config.env === 'production') return unconfiguredMailer();
  return mailboxMailer(db, now);
}
