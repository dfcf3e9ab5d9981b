/** The development mailbox (`/dev/mailbox`): what the API host answers and how it is shown. */

/** One e-mail the API host captured instead of sending (development only). */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

function isMessage(value: unknown): value is MailboxMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return ['subject', 'text', 'createdAt'].every((key) => typeof m[key] === 'string');
}

/** Reads the API answer `{messages: […]}`, newest first; malformed entries are skipped. */
export function parseMailbox(answer: unknown): MailboxMessage[] {
  const list = (answer as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(list)) return [];
  return list
    .filter(isMessage)
    .map((m) => ({
      ...m,
      id: String(m.id ?? ''),
      to: Array.isArray(m.to) ? m.to.join(', ') : String(m.to ?? ''),
      html: typeof m.html === 'string' ? m.html : '',
    }))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** A piece of an e-mail's text: plain words or a link. */
export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string };

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits text into plain parts and http(s) links, so links render clickable and the rest escaped. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    // Sentence punctuation right after a link is not part of it.
    const url = match[0].replace(/[.,;:!?]+$/, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
