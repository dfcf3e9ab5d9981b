import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (tools that download their own browser cannot run here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and kept off the network this machine does not have (updates, sync, first-run). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Launches headless Chromium for the end-to-end tests and the browser benchmarks, or fails
 * with a message saying how to install it. Free of vitest, so scripts run by plain Node
 * (benchmarks, the embed check) import it too.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium"`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Builds the widgets and the storefront when the storefront's build is missing, for the
 * browser benchmarks that run the built stack (`npm test` and `npm start` build it first).
 */
export function ensureStorefrontBuilt(): void {
  const root = join(import.meta.dirname, '..', '..');
  if (existsSync(join(root, 'site', 'dist', 'server', 'entry.mjs'))) return;
  const build = spawnSync(
    process.env.PLATEIA_PNPM ?? 'pnpm',
    ['-r', '--filter', '@plateia/site...', 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
