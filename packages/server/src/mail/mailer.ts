/** One e-mail, always with a plain-text and an HTML body. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail. Adapters: SMTP (`SMTP_URL`) and the development mailbox. */
export interface Mailer {
  /** Which adapter this is, for logs and `/health`-style diagnostics. */
  readonly kind: 'smtp' | 'mailbox' | 'unconfigured';
  /** Resolves once the message is accepted for delivery. */
  send(message: MailMessage): Promise<void>;
  /** Releases connections, if any. */
  close(): Promise<void>;
}

/**
 * The mailer for production without `SMTP_URL`: it refuses to send, so callers answer the
 * spec's "Erro ao enviar email" instead of pretending a link went out.
 */
export function unconfiguredMailer(): Mailer {
  return {
    kind: 'unconfigured',
    async send() {
      throw new Error('SMTP_URL is not set; e-mail cannot be sent in production');
    },
    async close() {},
  };
}
