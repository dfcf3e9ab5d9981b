/**
 * Older names of the money formatter, kept for one minor version of `@plateia/core`: money
 * is formatted by `formatCents` in `../format/money.ts` (docs/core.md, "Money and dates").
 */
import { formatCents, formatCentsForInput } from '../format/money.ts';

export { formatCents };

function reaisToCents(reais: unknown): number {
  // `Number` trims strings and reads a blank one as 0; other types are not amounts.
  const parsed = typeof reais === 'number' || typeof reais === 'string' ? Number(reais) : 0;
  return Number.isFinite(parsed) ? Math.round(parsed * 100) : 0;
}

/**
 * Reais without the prefix: `1234.5` gives "1.234,50".
 * @deprecated Money is cents: use `formatCentsForInput` from `format/money`.
 */
export function formatAmount(reais: unknown): string {
  return formatCentsForInput(reaisToCents(reais));
}

/**
 * Reais with the prefix: "R$ 1.234,50".
 * @deprecated Money is cents: use `formatCents` from `format/money`.
 */
export function formatPrice(reais: unknown): string {
  return formatCents(reaisToCents(reais));
}
