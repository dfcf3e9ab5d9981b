/**
 * Counts and rates as people read them in pt-BR: "12.345 lugares", "10%", "2,5%". Money has
 * its own formatter (`rules/money.ts`, `formatCents`) and dates theirs (`./dates.ts`).
 */

const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const percentFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A whole count with a thousands dot: `12345` gives "12.345"; anything else "0". */
export function formatCount(count: number): string {
  return countFormat.format(Number.isFinite(count) ? count : 0);
}

/** A rate in basis points as a percentage: `1000` gives "10%", `250` gives "2,5%". */
export function formatBasisPoints(bps: number): string {
  return `${percentFormat.format(Number.isFinite(bps) ? bps / 100 : 0)}%`;
}
