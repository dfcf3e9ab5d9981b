// JavaScript shipped by the storefront's pages: every script a first visit downloads on the
// home page and on an event page, gzip-compressed as a server would send it, checked against
// budgets.json "pages". Runs the built storefront and the API host with demo data.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startStack } from '../support/stack.ts';

const root = join(import.meta.dirname, '..', '..');
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')).pages as Record<string, number>;

if (!existsSync(join(root, 'site', 'dist', 'server', 'entry.mjs'))) {
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

const { info, stop } = await startStack(Number(process.env.BENCH_BASE_PORT ?? 43_310));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/** Loads a page in a fresh context, waits until the network is idle, sums its scripts. */
async function measure(path: string): Promise<{ files: number; rawKB: number; gzipKB: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(`${info.siteUrl}${path}`, { waitUntil: 'networkidle' });
  const scripts = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join('\n'),
  );
  const all = [...scripts, Buffer.from(inline)];
  await context.close();
  const raw = all.reduce((sum, body) => sum + body.length, 0);
  const gzip = all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  return { files: scripts.length, rawKB: raw / 1024, gzipKB: gzip / 1024 };
}

let failures = 0;
try {
  const events = (await (await fetch(`${info.apiUrl}/events`)).json()) as { data: { slug: string }[] };
  const slug = events.data[0]?.slug;
  const pages: [string, string, string][] = [['home', '/', 'homeJsGzipKB']];
  if (slug) pages.push(['event page', `/eventos/${slug}`, 'eventPageJsGzipKB']);
  console.log('page           scripts   raw KB   gzip KB   budget');
  for (const [name, path, key] of pages) {
    const result = await measure(path);
    const budget = budgets[key];
    const over = budget !== undefined && result.gzipKB > budget;
    if (over) failures++;
    console.log(
      `${name.padEnd(14)} ${String(result.files).padStart(7)} ${result.rawKB.toFixed(1).padStart(8)} ${result.gzipKB
        .toFixed(1)
        .padStart(9)}   ${budget ?? '-'}${over ? '  OVER BUDGET' : ''}`,
    );
  }
} finally {
  await browser.close();
  await stop();
}
process.exit(failures === 0 ? 0 : 1);
