// How the fuzzer tells a pt-BR error message from a framework's English one.
//
// A message passes when it is a non-empty string with no framework English in it (ajv's
// "must have required property", Fastify's "Body cannot be empty", "Route … not found",
// "Internal Server Error", JSON parser texts, PostgreSQL errors) and it is one of core's
// pt-BR texts (packages/core/src/messages: a constant, or a template with its arguments
// filled in), or failing that has a pt-BR marker: a Portuguese accented letter or a
// Portuguese function word.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Phrases of ajv, Fastify, Node's JSON parser, rate limiting and PostgreSQL (case as they
// write them, so a field name echoed in a pt-BR message does not count).
const ENGLISH =
  /must (be|have|match|NOT|equal|pass)|should (be|have)|is required|Unexpected (token|end|non-whitespace)|in JSON at position|is not valid JSON|Body cannot be empty|Body is too large|Route [A-Z]+:|Internal Server Error|Bad Request|Unsupported Media Type|Not Found|Too Many Requests|Rate limit exceeded|Service Unavailable|Failed query|violates|syntax error|does not exist|invalid input|duplicate key|out of range|Content-Type|Request body|FST_[A-Z_]+/;

const PORTUGUESE_LETTER = /[áàâãéêíóôõúç]/i;
const PORTUGUESE_WORD =
  /(^|[^\p{L}])(de|do|da|dos|das|não|para|com|em|no|na|um|uma|o|a|os|as|seu|sua|este|esta|já|foi|está|só|ou|por|mais|sem|ao|aos|que|se|tente|campo|dados|pedido|evento|ingresso|sessão)(?=$|[^\p{L}])/iu;

const SLOT = '\u0001slot\u0001';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every text of core's messages modules: constants exactly, templates as patterns. */
async function loadCatalogue(): Promise<{ texts: Set<string>; templates: RegExp[] }> {
  const texts = new Set<string>();
  const templates: RegExp[] = [];
  const collect = (value: unknown, depth: number): void => {
    if (typeof value === 'string') texts.add(value);
    else if (typeof value === 'function') {
      try {
        const filled = (value as (...args: string[]) => unknown)(
          ...Array.from({ length: value.length }, () => SLOT),
        );
        // A template must keep some fixed text, or it would match anything.
        if (
          typeof filled === 'string' &&
          filled.includes(SLOT) &&
          filled.split(SLOT).join('').trim().length >= 4
        ) {
          templates.push(new RegExp(`^${filled.split(SLOT).map(escapeRegExp).join('[\\s\\S]*')}$`));
        } else if (typeof filled === 'string') texts.add(filled);
      } catch {
        // A template that needs real arguments (numbers to format) is left to the markers.
      }
    } else if (value && typeof value === 'object' && depth < 4) {
      for (const inner of Object.values(value)) collect(inner, depth + 1);
    }
  };
  const dir = join(import.meta.dirname, '..', '..', '..', 'core', 'src', 'messages');
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    try {
      collect(await import(pathToFileURL(join(dir, file)).href), 0);
    } catch {
      // A module that does not load leaves its texts to the markers.
    }
  }
  return { texts, templates };
}

const catalogue = await loadCatalogue();

/** True when `message` is one of core's pt-BR texts (a constant or a filled-in template). */
export function isCoreMessage(message: string): boolean {
  return catalogue.texts.has(message) || catalogue.templates.some((template) => template.test(message));
}

/** True when `message` reads as pt-BR text and holds no framework English. */
export function isPtBrMessage(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  if (ENGLISH.test(message)) return false;
  return isCoreMessage(message) || PORTUGUESE_LETTER.test(message) || PORTUGUESE_WORD.test(message);
}
