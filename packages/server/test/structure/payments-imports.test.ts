/**
 * Payments never imports the domains that consume it (docs/architecture.md, "Layers"): what
 * a paid charge is for and whose a devolução is are registered by those domains at app wiring
 * (src/payments/deps.ts). This test reads every source file under src/payments/, finds
 * each import (static, re-export or dynamic) and fails when one reaches a consumer's folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Code without comments, so prose that names a module is not taken for an import. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** The module specifiers a file imports: `import … from`, `export … from`, `import '…'`, `import('…')`. */
function importsOf(code: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of withoutComments(code).matchAll(pattern)) specifiers.push(match[1]!);
  }
  return specifiers;
}

/** The src/ folder a relative specifier of `file` lands in; null for a package import. */
function folderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(SRC, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
  return target.startsWith('..') ? null : (target.split('/')[0] ?? null);
}

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
