/**
 * Payments never imports the domains that consume it (docs/architecture.md, "Layers"): what
 * a paid charge is for and whose a devolução is are registered by those domains at app wiring
 * (src/payments/deps.ts). This test reads every source file under src/payments/, finds
 * each import (static, re-export or dynamic) and fails when one reaches a consumer's folder.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderOf, importsOf, SRC, sourceFiles } from './imports.ts';

/** The folders under src/ that consume payments: payments may not import them. */
const CONSUMERS = [
  'orders',
  'shared-payments',
  'wallet',
  'refunds',
  'resale',
  'tickets',
  'stock',
  'seat-hold',
  'meia-entrada',
];

/** Every `file -> specifier` under src/payments/ that reaches a consumer. */
function consumerImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(SRC, 'payments'))) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const folder = folderOf(file, specifier);
      if (folder !== null && CONSUMERS.includes(folder)) {
        found.push(`${relative(SRC, file).split('\\').join('/')} -> ${specifier}`);
      }
    }
  }
  return found.sort();
}

describe('payments imports none of its consumers', () => {
  it('finds no import from src/payments/ into a consuming domain', () => {
    expect(consumerImports(), 'register a purpose or a devolução owner instead (payments/deps.ts)').toEqual(
      [],
    );
  });

  it('reads static, type-only, re-export, side-effect and dynamic imports, and skips comments', () => {
    const code = [
      "import { a } from '../orders/fulfilment.ts';",
      "import type {\n  B,\n} from '../wallet/topup.ts';",
      "export { c } from '../refunds/payout.ts';",
      "import '../tickets/issue.ts';",
      "const m = await import('../resale/listings.ts');",
      "// import { x } from '../stock/lots.ts';",
      "/* import { y } from '../seat-hold/seats.ts'; */",
      "import { sql } from 'drizzle-orm';",
    ].join('\n');
    expect(importsOf(code).sort()).toEqual(
      [
        '../orders/fulfilment.ts',
        '../wallet/topup.ts',
        '../refunds/payout.ts',
        '../tickets/issue.ts',
        '../resale/listings.ts',
        'drizzle-orm',
      ].sort(),
    );
  });

  it('resolves a specifier to the folder it lands in', () => {
    const file = join(SRC, 'payments', 'pix', 'devolucoes.ts');
    expect(folderOf(file, '../../wallet/returns.ts')).toBe('wallet');
    expect(folderOf(file, '../deps.ts')).toBe('payments');
    expect(folderOf(file, './provider.ts')).toBe('payments');
    expect(folderOf(file, 'drizzle-orm')).toBeNull();
  });
});
