// `npm test`: lint and format check, strict type checks, import cycles, then every test suite in one
// vitest run (unit, API host on PGlite and PostgreSQL, end-to-end in Chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

function step(title, cmd, args, env = {}) {
  console.log(`\n[plateia] ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`[plateia] ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`[plateia] ${title}: ok in ${seconds}s`);
}

const typecheckProjects = ['packages/server', 'packages/core', 'site', 'packages/widgets', 'e2e'].filter(
  (dir) => existsSync(join(root, dir, 'tsconfig.json')),
);

step('lint and format (biome)', bin('biome'), ['check', '.']);
for (const dir of typecheckProjects) step(`type check ${dir}`, bin('tsc'), ['-p', dir]);

// No import cycles in any package: a cycle means a concept lives in the wrong module.
// dpdm follows the relative `.ts`/`.tsx` imports as written (explicit extensions) and
// dynamic `import()` too: a module loaded lazily by one it imports is still a cycle, and
// the bundler keeps both in one load unit. Type-only imports count as well (no
// `--transform`): erased before anything runs, they tangle no module evaluation, but two
// modules that name each other's types say a concept is split between them, and its
// types belong in the module that owns it. Each package is checked on its own
// files: other workspace packages, node_modules and build output are not followed.
// Astro components (site) are not parsed; what they import is checked from those modules.
const cycleChecks = [
  ['packages/core', 'packages/core/src/**/*.{ts,tsx}'],
  ['packages/widgets', 'packages/widgets/{src,bench,build}/**/*.{ts,tsx}'],
  ['packages/server/src', 'packages/server/src/**/*.{ts,tsx}'],
  ['site/src', 'site/src/**/*.{ts,tsx}'],
];
for (const [dir, files] of cycleChecks) {
  const otherPackages = cycleChecks.map(([other]) => other).filter((other) => !other.startsWith(dir));
  step(`no import cycles in ${dir}`, bin('dpdm'), [
    '--no-tree',
    '--no-warning',
    '--exit-code',
    'circular:1',
    '--exclude',
    ['node_modules', '/dist/', ...otherPackages.map((other) => `${other}/`)].join('|'),
    files,
  ]);
}
step('custom-elements.json is current', process.execPath, ['packages/widgets/build/manifest.mjs', '--check']);
// The end-to-end suite drives the built storefront (which embeds the widgets' build).
step('build the widgets and the storefront', process.env.PLATEIA_PNPM ?? 'pnpm', [
  '-r',
  '--filter',
  '@plateia/site...',
  'build',
]);

const resultsDir = join(root, 'node_modules', '.cache', 'plateia');
mkdirSync(resultsDir, { recursive: true });
const resultsFile = join(resultsDir, 'vitest-results.json');
const vitest = spawnSync(
  bin('vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${resultsFile}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', cwd: root },
);
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
  skipped = results.numPendingTests + (results.numTodoTests ?? 0);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitest.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
