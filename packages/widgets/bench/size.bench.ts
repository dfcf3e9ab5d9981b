// Gzip sizes of the script-tag build (dist/embed) against budgets.json "bundles":
// the loader, each module and shared chunk, the loader plus the module it fetches for each
// element with the files that module imports statically (what a page with that one element
// downloads before it works; dynamic imports load later and are left out), and everything
// together.
// `node bench/size.bench.ts` builds dist/embed first, so the figures are never stale
// (`--no-build` measures what is there). Exits 1 when a budget is exceeded, when a
// budget names a measure the build does not produce, or when a light element (buy
// button, cart bar) pulls ky or Preact into its static imports. `PLATEIA_EMBED_OUT` (an
// absolute path) builds and measures there instead of dist/embed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loaderModules } from './loader-map.ts';

const packageDir = join(import.meta.dirname, '..');
const embedDir = process.env.PLATEIA_EMBED_OUT ?? join(packageDir, 'dist', 'embed');
const budgetsFile = join(packageDir, '..', '..', 'budgets.json');

if (!process.argv.includes('--no-build') || !existsSync(join(embedDir, 'plateia.js'))) {
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

// Which module the loader fetches for each tag, read from the loader itself.
const tagModules = loaderModules(embedDir);

console.log('file'.padEnd(40), 'gzip KB');
for (const file of [loader, ...elements, ...chunks]) console.log(file.padEnd(40), kb(gzipBytes(file)));

const measured: Record<string, number> = {
  loaderGzipKB: gzipBytes(loader),
  allElementsGzipKB: sum([loader, ...elements, ...chunks]),
};
for (const [tag, file] of tagModules) {
  const name = tag.replace(/^plateia-/, '');
  const key = `loaderPlus${name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase())}GzipKB`;
  measured[key] = gzipBytes(loader) + sum(withStaticImports(file));
}

// Elements written without React whose script must stay free of the heavy libraries.
// Markers are texts that survive minification: ky's error names and a Preact prop.
const lightElements = ['plateia-buy-button', 'plateia-cart-bar'];
const heavyMarkers: Record<string, RegExp> = { ky: /KyError|HTTPError/, Preact: /dangerouslySetInnerHTML/ };

// Every "bundles" entry but its `$comment`.
const budgets = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync(budgetsFile, 'utf8')) as { bundles?: Record<string, number> }).bundles ?? {},
  ).filter(([key]) => !key.startsWith('$')),
);
let over = 0;
console.log(`\n${'measure'.padEnd(32)} ${'gzip KB'.padStart(8)} ${'budget'.padStart(8)}`);
for (const [key, budget] of Object.entries(budgets)) {
  const bytes = measured[key];
  if (bytes === undefined) {
    over++;
    console.log(
      `${key.padEnd(32)} ${'n/a'.padStart(8)} ${String(budget).padStart(8)}  MISSING: no such build output`,
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

console.log('');
for (const tag of lightElements) {
  const file = tagModules.get(tag);
  if (!file) {
    over++;
    console.log(`${tag.padEnd(32)} MISSING from the loader's map`);
    continue;
  }
  const files = [...withStaticImports(file)];
  const heavy = Object.entries(heavyMarkers)
    .filter(([, marker]) => files.some((part) => marker.test(readFileSync(join(embedDir, part), 'utf8'))))
    .map(([name]) => name);
  if (heavy.length > 0) over++;
  console.log(
    `${tag.padEnd(32)} ${file}, static imports: ${files.length - 1} files, ${heavy.length === 0 ? 'no ky, no Preact: ok' : `PULLS ${heavy.join(' and ')}`}`,
  );
}
process.exit(over === 0 ? 0 : 1);
