// `npm test`: lint and format check, strict type checks, import cycles, then every test suite in one
// vitest run (unit, API host on PGlite and PostgreSQL, end-to-end in Chromium).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** Runs one check with its output held back, so checks running side by side do not interleave. */
function check(title, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      resolve({ title, ok: status === 0, output, seconds });
    });
  });
}

/**
 * The static checks are independent and each is one single-threaded process (tsc, dpdm,
 * biome), so they run as many at a time as there are cores; each prints its output when it
 * ends, and any failure stops `npm test` once all have ended.
 */
async function checkAll(checks) {
  const failed = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(availableParallelism(), checks.length) }, async () => {
    while (next < checks.length) {
      const [title, cmd, args] = checks[next++];
      const result = await check(title, cmd, args);
      if (result.output.trim()) console.log(result.output.trimEnd());
      console.log(`[plateia] ${title}: ${result.ok ? 'ok' : 'FAILED'} in ${result.seconds}s`);
      if (!result.ok) failed.push(title);
    }
  });
  await Promise.all(lanes);
  if (failed.length > 0) {
    console.error(`[plateia] failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

const typecheckProjects = ['packages/server', 'packages/core', 'site', 'packages/widgets', 'e2e'].filter(
  (dir) => existsSync(join(root, dir, 'tsconfig.json')),
);

const checks = [
  ['lint and format (biome)', bin('biome'), ['check', '.']],
  ...typecheckProjects.map((dir) => [`type check ${dir}`, bin('tsc'), ['-p', dir]]),
];

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
  checks.push([
    `no import cycles in ${dir}`,
    bin('dpdm'),
    [
      '--no-tree',
      '--no-warning',
      '--exit-code',
      'circular:1',
      '--exclude',
      ['node_modules', '/dist/', ...otherPackages.map((other) => `${other}/`)].join('|'),
      files,
    ],
  ]);
}
checks.push([
  'custom-elements.json is current',
  process.execPath,
  ['packages/widgets/build/manifest.mjs', '--check'],
]);
const checkLanes = Math.min(availableParallelism(), checks.length);
console.log(
  `\n[plateia] lint, type checks, import cycles and the elements manifest, ${checkLanes} at a time`,
);
const checksStarted = Date.now();
await checkAll(checks);
console.log(`[plateia] static checks: ok in ${((Date.now() - checksStarted) / 1000).toFixed(1)}s`);
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
