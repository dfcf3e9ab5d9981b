import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { execute, selectOne } from '../db/sql.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** The job that sends one outbox message (registered in jobs/registry.ts). */
export const MAIL_SEND_JOB = 'mail.send';

/**
 * How long one sender holds a message while talking to SMTP. Longer than nodemailer's connect
 * and greeting timeouts, so a job does not send a message a live attempt is still sending.
 */
const CLAIM_SECONDS = 180;

/** A mailer that never loses a message: each one is stored before SMTP is asked. */
export interface OutboxMailer extends Mailer {
  /**
   * Sends outbox message `id` (the `mail.send` job): 'sent', or 'gone' when it was sent
   * already. Throws while SMTP refuses it or another sender holds it, so the job is retried.
   */
  deliver(id: number): Promise<'sent' | 'gone'>;
}

/** Whether `mailer` keeps an outbox (SMTP), so the `mail.send` job can deliver through it. */
export function isOutboxMailer(mailer: Mailer): mailer is OutboxMailer {
  return typeof (mailer as Partial<OutboxMailer>).deliver === 'function';
}

export interface OutboxOptions {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Seconds before the job first retries a message SMTP refused (then it backs off). */
  retryAfterSeconds: number;
}

/**
 * Wraps `transport` (SMTP) with the `mail_outbox` table. `send` stores the message together with
 * its `mail.send` job in one transaction, then tries SMTP at once: when SMTP takes it, the
 * caller's request sees the message sent as before; when SMTP is down, `send` still resolves
 * (the message is accepted) and the job retries with back-off until SMTP takes it.
 */
export function outboxMailer(transport: Mailer, options: OutboxOptions): OutboxMailer {
  const { db, jobs, log } = options;

  async function attempt(id: number, message: MailMessage): Promise<void> {
    try {
      await transport.send(message);
    } catch (error) {
      await execute(
        db,
        sql`UPDATE mail_outbox SET claimed_until = NULL, last_error = ${errorText(error)} WHERE id = ${id}`,
      );
      throw error;
    }
    await execute(db, sql`DELETE FROM mail_outbox WHERE id = ${id}`);
  }

  return {
    kind: transport.kind,
    async send(message) {
      const id = await db.transaction(async (tx) => {
        const row = await selectOne<{ id: number | string }>(
          tx,
          sql`INSERT INTO mail_outbox (to_address, subject, text_body, html_body, attempts, claimed_until)
              VALUES (${message.to}, ${message.subject}, ${message.text}, ${message.html}, 1,
                      now() + make_interval(secs => ${CLAIM_SECONDS}))
              RETURNING id`,
        );
        const stored = Number(row!.id);
        await jobs.send(
          MAIL_SEND_JOB,
          { id: stored },
          { tx, startAfter: new Date(Date.now() + options.retryAfterSeconds * 1000) },
        );
        return stored;
      });
      await attempt(id, message).catch((error: unknown) => {
        log.warn({ err: error, outboxId: id }, 'SMTP refused an e-mail; it stays queued and is retried');
      });
    },
    async deliver(id) {
      const row = await selectOne<{
        to_address: string;
        subject: string;
        text_body: string;
        html_body: string;
      }>(
        db,
        sql`UPDATE mail_outbox SET attempts = attempts + 1, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
            WHERE id = ${id} AND (claimed_until IS NULL OR claimed_until < now())
            RETURNING to_address, subject, text_body, html_body`,
      );
      if (!row) {
        const waiting = await selectOne(db, sql`SELECT 1 AS one FROM mail_outbox WHERE id = ${id}`);
        if (waiting) throw new Error(`outbox message ${id} is being sent by another sender`);
        return 'gone';
      }
      await attempt(id, {
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      return 'sent';
    },
    close: () => transport.close(),
  };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
