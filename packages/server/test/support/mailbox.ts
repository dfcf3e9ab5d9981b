import type { Database } from '../../src/db/client.ts';
import { listMailbox, type MailboxEntry } from '../../src/mail/mailbox.ts';

/** The development mailbox's messages to one address, newest first. */
export async function mailTo(db: Database, to: string): Promise<MailboxEntry[]> {
  return (await listMailbox(db)).filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** The first link in a text body that points at `path` on the storefront, parsed. */
export function linkIn(text: string, path: string): URL {
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.map((raw) => new URL(raw))
    .find((url) => url.pathname === path);
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return found;
}
