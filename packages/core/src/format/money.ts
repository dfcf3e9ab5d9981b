/**
 * Money as people read it, in one place (docs/core.md, "Money and dates"). Money inside
 * Plateia is integer cents: `formatCents` is the one way it is shown ("R$ 1.234,56") and
 * `formatCentsForInput` the way a field is filled with it ("1.234,56"), which `parseReais`
 * (`../rules/money.ts`, the one way a typed amount is read) reads back unchanged. Kept apart
 * from the parser so that the light elements that only show prices do not load it.
 */
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
