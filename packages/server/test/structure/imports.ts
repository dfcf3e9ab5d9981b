/** Reading the imports of the API host's source files, for the tests that hold its layers apart. */
import { readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The API host's source folder. */
export const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Every source file under `dir`, tests left out. */
export function sourceFiles(dir: string): string[] {
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
export function importsOf(code: string): string[] {
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
export function folderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(SRC, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
  return target.startsWith('..') ? null : (target.split('/')[0] ?? null);
}
