#!/usr/bin/env node
// Entry point of `npm start`, `npm test` and `npm run bench`.
//
// It must run on whatever Node the machine has (Node 20 included), so it is
// plain JavaScript with no dependencies. It makes sure a Node >= 22.12 and the
// pinned pnpm are available (fetching them from the npm registry into the
// git-ignored `.tools/` folder when needed), installs the workspace when the
// lockfile or manifests changed, then runs `scripts/tasks/<task>.mjs` with that
// Node first on PATH.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const toolsDir = join(root, '.tools');
const toolsBin = join(toolsDir, 'node_modules', '.bin');
const NODE_VERSION = '24.21.0';
const MIN_NODE = [22, 12];

const task = process.argv[2];
const taskFile = join(root, 'scripts', 'tasks', `${task}.mjs`);
if (!task || !existsSync(taskFile)) {
  console.error(`Unknown task "${task ?? ''}". Use start, test or bench.`);
  process.exit(2);
}

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = rootManifest.packageManager.split('@')[1];

function nodeIsRecentEnough(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function toolVersion(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Installs Node 24 (when the system one is too old) and pnpm into .tools/. */
function ensureTools() {
  const wanted = {};
  if (!nodeIsRecentEnough(process.version)) {
    const local = join(toolsBin, 'node');
    if (toolVersion(local) !== `v${NODE_VERSION}`) wanted.node = NODE_VERSION;
  }
  if (toolVersion(join(toolsBin, 'pnpm')) !== pnpmVersion) wanted.pnpm = pnpmVersion;
  const specs = Object.entries(wanted).map(([name, version]) => `${name}@${version}`);
  if (specs.length === 0) return;
  console.log(`[plateia] fetching ${specs.join(', ')} into .tools/ (one time)`);
  mkdirSync(toolsDir, { recursive: true });
  if (!existsSync(join(toolsDir, 'package.json'))) {
    writeFileSync(join(toolsDir, 'package.json'), '{"private":true}\n');
  }
  // Keep whatever was there before (node or pnpm) while adding the other.
  const keep = [];
  if (!wanted.node && existsSync(join(toolsBin, 'node'))) keep.push(`node@${NODE_VERSION}`);
  if (!wanted.pnpm && existsSync(join(toolsBin, 'pnpm'))) keep.push(`pnpm@${pnpmVersion}`);
  const status = run('npm', [
    'install',
    '--prefix',
    toolsDir,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...keep,
    ...specs,
  ]);
  if (status !== 0) {
    console.error('[plateia] could not install the toolchain from the npm registry');
    process.exit(status);
  }
}

/** A digest of every manifest and the lockfile: install only when it changes. */
function installDigest() {
  const hash = createHash('sha256');
  const files = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml'];
  for (const dir of ['packages', 'examples']) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const name of readdirSync(abs).sort()) files.push(join(dir, name, 'package.json'));
  }
  files.push(join('site', 'package.json'));
  for (const file of files) {
    const abs = join(root, file);
    hash.update(file);
    if (existsSync(abs)) hash.update(readFileSync(abs));
  }
  hash.update(process.version);
  return hash.digest('hex');
}

ensureTools();

const env = { ...process.env };
if (!nodeIsRecentEnough(process.version)) {
  env.PATH = `${toolsBin}:${env.PATH}`;
} else {
  env.PATH = `${env.PATH}:${toolsBin}`;
}
env.ASTRO_TELEMETRY_DISABLED = '1';
// Tasks run workspace commands with the pinned pnpm, wherever it was installed.
env.PLATEIA_PNPM = join(toolsBin, 'pnpm');
env.npm_config_update_notifier = 'false';

const marker = join(root, 'node_modules', '.plateia-install');
const digest = installDigest();
const installed = existsSync(marker) ? readFileSync(marker, 'utf8') : '';
if (installed !== digest) {
  const frozen = existsSync(join(root, 'pnpm-lock.yaml')) && process.env.CI ? ['--frozen-lockfile'] : [];
  const status = run(join(toolsBin, 'pnpm'), ['install', ...frozen], { env });
  if (status !== 0) process.exit(status);
  writeFileSync(marker, installDigest());
}

const nodeBin = nodeIsRecentEnough(process.version) ? process.execPath : join(toolsBin, 'node');
const child = spawn(nodeBin, [taskFile, ...process.argv.slice(3)], { stdio: 'inherit', cwd: root, env });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 1 : 0));
});
