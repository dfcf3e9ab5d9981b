/**
 * Amounts of money typed by a person, in reais, read the way a Brazilian means them: the
 * one parser every field that takes reais uses (docs/core.md, "Money and dates"). Money
 * inside Plateia is integer cents, written by `formatCents` (`../format/money.ts`).
 *
 * - "198,50", "R$ 198,50", "198.50", "198,5" and "198.5" are R$ 198,50;
 * - "1.234,56" and "1234,56" are R$ 1.234,56; "1.234.567" is R$ 1.234.567,00;
 * - "50", "R$ 50" are R$ 50,00;
 * - "1.234" and "1,234" are refused as ambiguous (a thousands dot, or three decimals?), as
 *   is anything else: letters, a sign, three decimals, misplaced separators.
 */
import { MONEY_MESSAGES } from '../messages/money.ts';

/** Above this no amount is taken (R$ 10 milhões): cents stay far inside safe integers. */
export const MAX_TYPED_CENTS = 1_000_000_000;

/** What reading a typed amount gives: its cents, or the pt-BR reason it is not one. */
export type TypedReais = { ok: true; cents: number } | { ok: false; error: string };

const invalid: TypedReais = { ok: false, error: MONEY_MESSAGES.invalid };

function cents(whole: string, fraction: string): TypedReais {
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(value) || value > MAX_TYPED_CENTS)
    return { ok: false, error: MONEY_MESSAGES.tooLarge };
  return { ok: true, cents: value };
}

/** Reads an amount typed in reais (see the module's rules). */
export function parseReais(text: string): TypedReais {
  const clean = text
    .trim()
    .replace(/^R\$\s*/i, '')
    .replace(/\s+/g, '');
  if (!clean) return invalid;
  // A decimal comma: dots before it group thousands in threes ("1.234,56") or do not appear.
  let match = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/.exec(clean);
  if (match) return cents(match[1]!.replaceAll('.', ''), match[2]!);
  // Whole reais, plain or grouped in threes by dots ("1.234.567"); one group is ambiguous.
  if (/^\d+$/.test(clean)) return cents(clean, '');
  if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(clean)) return cents(clean.replaceAll('.', ''), '');
  if (/^\d{1,3}[.,]\d{3}$/.test(clean)) return { ok: false, error: MONEY_MESSAGES.ambiguous };
  // A decimal point with one or two decimals ("198.50", as a phone keyboard may type it).
  match = /^(\d+)\.(\d{1,2})$/.exec(clean);
  if (match) return cents(match[1]!, match[2]!);
  return invalid;
}
