/**
 * The stand-ins for outside services live apart from the domain (src/stand-ins/README.md):
 * only the development start (`server.ts`) starts them, and the one thing the domain reads
 * from them is the sandbox's published test cards, which the checkout lists in sandbox mode.
 * This test reads every source file outside src/stand-ins/ and lists each import into it.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderOf, importsOf, SRC, sourceFiles } from './imports.ts';

/** Every `file -> specifier` outside src/stand-ins/ that reaches into it. */
function standInImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    if (folderOf(file, '.') === 'stand-ins') continue;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (folderOf(file, specifier) === 'stand-ins') {
        found.push(`${relative(SRC, file).split('\\').join('/')} -> ${specifier}`);
      }
    }
  }
  return found.sort();
}

describe('the stand-ins live apart from the domain', () => {
  it('are reached only by the development start and, for its test cards, the card checkout', () => {
    expect(standInImports()).toEqual([
      'payments/card.ts -> ../stand-ins/card-gateway/cards.ts',
      'server.ts -> ./stand-ins/dev.ts',
      'server.ts -> ./stand-ins/openid-provider/index.ts',
    ]);
  });

  it('tells a file inside src/stand-ins/ apart', () => {
    expect(folderOf(join(SRC, 'stand-ins', 'pix-psp', 'state.ts'), '.')).toBe('stand-ins');
    expect(folderOf(join(SRC, 'payments', 'card.ts'), '.')).toBe('payments');
  });
});
