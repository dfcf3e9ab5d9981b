import { Parser } from 'htmlparser2';

/** Longest chat message accepted, in characters, once stripped. */
export const CHAT_MAX_LENGTH = 2000;

// Contents of these elements are code or styling, never text a person wrote.
const DROPPED_ELEMENTS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object']);

function stripOnce(input: string): string {
  let out = '';
  let dropped = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (DROPPED_ELEMENTS.has(name)) dropped++;
      },
      onclosetag(name) {
        if (DROPPED_ELEMENTS.has(name) && dropped > 0) dropped--;
      },
      ontext(text) {
        if (dropped === 0) out += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(input);
  parser.end();
  return out;
}

/**
 * Chat content with every piece of markup removed (docs/social.md: before sending, on receipt and
 * on the server). Parsed by htmlparser2, keeping only text: tags and comments go, the text
 * inside ordinary elements stays, and entities are decoded once, so the result is plain
 * text meant to be rendered as text (never as HTML) and "&" is never escaped twice.
 * Markup hidden behind entities (`&lt;b&gt;`) decodes to markup, so the strip repeats until
 * nothing changes.
 */
export function stripMarkup(input: string): string {
  let current = input;
  for (let pass = 0; pass < 5; pass++) {
    const next = stripOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The text to send or show: markup stripped, surrounding blanks trimmed. */
export function cleanChatText(input: string): string {
  return stripMarkup(input).trim();
}
