import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a loopback port that keeps every message it accepts, parsed. */
export interface SmtpSink {
  url: string;
  messages: (Email & { envelopeTo: string[]; authUser: string | undefined })[];
  close(): Promise<void>;
}

/** Starts the sink; with `user`/`pass` it requires AUTH PLAIN/LOGIN with those credentials. */
export async function startSmtpSink(credentials?: { user: string; pass: string }): Promise<SmtpSink> {
  const messages: SmtpSink['messages'] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust in tests.
    disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    logger: false,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // Parsed before accepting, so the message is here once the sender's call resolves.
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push({
              ...email,
              envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              authUser: typeof session.user === 'string' ? session.user : undefined,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const auth = credentials
    ? `${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@`
    : '';
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
