/**
 * Price display rules (spec §5): values may arrive as numbers or strings, are shown in
 * the Brazilian format (thousands dot, decimal comma) with the `R$` prefix, and zero or
 * anything unparseable shows as `R$ 0,00`. Ticket prices are integer cents.
 */

function toNumber(value: unknown): number {
  // `Number` trims strings and reads a blank one as 0; other types are not amounts.
  const parsed = typeof value === 'number' || typeof value === 'string' ? Number(value) : 0;
  return Number.isFinite(parsed) ? parsed : 0;
}

// The Brazilian format: a thousands dot and a decimal comma, always two decimals.
const reaisFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A parsed amount in reais as text. */
function formatNumber(reais: number): string {
  // `|| 0` turns -0 into 0, which would otherwise show as "-0,00".
  return reaisFormat.format(reais || 0);
}

/** Formats an amount in reais (`1234.5` gives `1.234,50`), without the currency prefix. */
export function formatAmount(reais: unknown): string {
  return formatNumber(toNumber(reais));
}

/** Formats reais with the prefix: `R$ 1.234,50`. */
export function formatPrice(reais: unknown): string {
  return `R$ ${formatAmount(reais)}`;
}

/** Formats integer cents with the prefix: `12345` gives `R$ 123,45`. */
export function formatCents(cents: unknown): string {
  return `R$ ${formatNumber(toNumber(cents) / 100)}`;
}
