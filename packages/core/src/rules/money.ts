/**
 * Money as people see and type it, in one place (docs/core.md, "Money and dates"). Money
 * inside Plateia is integer cents; `formatCents` is the one way it is shown ("R$ 1.234,56"),
 * `formatCentsForInput` the way a field is filled with it ("1.234,56") and `parseReais` the
 * one way a typed amount is read back, the way a Brazilian means it:
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

// The Brazilian format: a thousands dot and a decimal comma, always two decimals.
const reaisFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as reais without the prefix: `123456` gives "1.234,56", what a field shows. */
export function formatCentsForInput(cents: number): string {
  // Anything but a number of cents shows as zero; `|| 0` also turns -0 into 0 ("-0,00").
  const whole = Number.isFinite(cents) ? Math.round(cents) : 0;
  return reaisFormat.format(whole / 100 || 0);
}

/** Integer cents as people read money: `123456` gives "R$ 1.234,56", `5` gives "R$ 0,05". */
export function formatCents(cents: number): string {
  return `R$ ${formatCentsForInput(cents)}`;
}
