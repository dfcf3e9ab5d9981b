// Gzip sizes of the script-tag build (dist/embed) against budgets.json "bundles":
// the loader, each element and shared chunk, the loader plus each element with the
// chunks it imports, and everything together. Plain `node bench/size.bench.ts` runs it
// (the build runs first when dist/embed is missing); exits 1 when a budget is exceeded.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const packageDir = join(import.meta.dirname, '..');
const embedDir = join(packageDir, 'dist', 'embed');
const budgetsFile = join(packageDir, '..', '..', 'budgets.json');

if (!existsSync(join(embedDir, 'plateia.js'))) {
  const build = spawnSync(process.execPath, [join(packageDir, 'build', 'build.mjs'), 'embed'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const gzipBytes = (file: string): number => gzipSync(readFileSync(join(embedDir, file)), { level: 9 }).length;
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** Files a module pulls in statically (its shared chunks, and theirs), itself included. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(embedDir, file), 'utf8');
  const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  // Minified ES output: `import{…}from"./chunks/x.js"` or `import"./x.js"`; dynamic import() is lazy, so excluded.
  for (const match of code.matchAll(/(?:from|import)\s*["'](\.\.?\/[^"']+)["']/g)) {
    const target = new URL(match[1] ?? '', `file:///${base}`).pathname.slice(1);
    withStaticImports(target, seen);
  }
  return seen;
}

const sum = (files: Iterable<string>): number =>
  [...files].reduce((total, file) => total + gzipBytes(file), 0);

const loader = 'plateia.js';
const elements = readdirSync(embedDir).filter((file) => file.endsWith('.js') && file !== loader);
const chunks = existsSync(join(embedDir, 'chunks'))
  ? readdirSync(join(embedDir, 'chunks')).map((file) => `chunks/${file}`)
  : [];

console.log('file'.padEnd(40), 'gzip KB');
for (const file of [loader, ...elements, ...chunks]) console.log(file.padEnd(40), kb(gzipBytes(file)));

const measured: Record<string, number> = {
  loaderGzipKB: gzipBytes(loader),
  allElementsGzipKB: sum([loader, ...elements, ...chunks]),
};
for (const file of elements) {
  const name = file.replace(/\.js$/, '');
  const key = `loaderPlus${name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase())}GzipKB`;
  measured[key] = gzipBytes(loader) + sum(withStaticImports(file));
}

const budgets =
  (JSON.parse(readFileSync(budgetsFile, 'utf8')) as { bundles?: Record<string, number> }).bundles ?? {};
let over = 0;
console.log(`\n${'measure'.padEnd(32)} ${'gzip KB'.padStart(8)} ${'budget'.padStart(8)}`);
for (const [key, budget] of Object.entries(budgets)) {
  const bytes = measured[key];
  if (bytes === undefined) {
    console.log(
      `${key.padEnd(32)} ${'n/a'.padStart(8)} ${String(budget).padStart(8)}  (no such build output yet)`,
    );
    continue;
  }
  const ok = bytes <= budget * 1024;
  if (!ok) over++;
  console.log(
    `${key.padEnd(32)} ${kb(bytes).padStart(8)} ${String(budget).padStart(8)}  ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
for (const [key, bytes] of Object.entries(measured)) {
  if (!(key in budgets))
    console.log(`${key.padEnd(32)} ${kb(bytes).padStart(8)} ${'-'.padStart(8)}  (no budget)`);
}
process.exit(over === 0 ? 0 : 1);
