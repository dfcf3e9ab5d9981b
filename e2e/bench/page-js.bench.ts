import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureStorefrontBuilt, launchBrowser } from '../support/chromium.ts';
import { startStack } from '../support/stack.ts';

const root = join(import.meta.dirname, '..', '..');
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')).pages as Record<string, number>;

ensureStorefrontBuilt();

const { info, stop } = await startStack(Number(process.env.BENCH_BASE_PORT ?? 23_310));
const browser = await launchBrowser();

/** How long after the network goes idle late content (islands, session, images) may still move things. */
const SETTLE_MS = 1_500;

/**
 * Loads a page in a fresh context at `width`, waits until the network is idle and late
 * content has settled; sums its scripts and its layout shifts.
 */
async function measure(
  path: string,
  width = 1280,
): Promise<{ files: number; rawKB: number; gzipKB: number; wireKB: number; layoutShift: number }> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    const shifts = { total: 0 };
    (globalThis as { __plateiaShifts?: typeof shifts }).__plateiaShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  // Bytes each script took on the wire as the storefront served it (its Content-Encoding).
  const wire: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().catch(() => null));
    wire.push(
      response
        .request()
        .sizes()
        .then((sizes) => sizes.responseBodySize)
        .catch(() => 0),
    );
  });
  await page.goto(`${info.siteUrl}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(SETTLE_MS);
  const layoutShift = await page.evaluate(
    () => (globalThis as { __plateiaShifts?: { total: number } }).__plateiaShifts?.total ?? 0,
  );
  const scripts = (await Promise.all(bodies)).filter((body): body is Buffer => body !== null);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((script) => script.textContent ?? '').join('\n'),
  );
  const all = [...scripts, Buffer.from(inline)];
  const encoded = (await Promise.all(wire)).reduce((sum, bytes) => sum + bytes, 0);
  await context.close();
  const raw = all.reduce((sum, body) => sum + body.length, 0);
  const gzip = all.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  // Inline scripts travel inside the page's HTML, which is gzip/brotli-compressed as a whole:
  // counted at their gzip size.
  const inlineWire = inline ? gzipSync(Buffer.from(inline), { level: 9 }).length : 0;
  return {
    files: scripts.length,
    rawKB: raw / 1024,
    gzipKB: gzip / 1024,
    wireKB: (encoded + inlineWire) / 1024,
    layoutShift,
  };
}

/** Bytes of one answer's body as sent (not decoded), asking for `encoding` (none when empty). */
function wireBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(res.statusCode === 200 ? bytes : Number.NaN));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The widgets' script-tag build as the storefront serves it under /embed/ (every module and
 * chunk, each file once): its gzip-9 size beside the bytes actually sent for a browser that
 * accepts brotli, one that accepts only gzip, and one that accepts nothing.
 */
async function embedAsServed(): Promise<void> {
  const dir = join(root, 'site', 'dist', 'client', 'embed');
  if (!existsSync(dir)) return;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') && !file.startsWith('v1/'))
    .map((file) => relative(dir, join(dir, file)));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0) / 1024;
  const gzip9 = sum(files.map((file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length));
  const sent = async (encoding: string) =>
    sum(await Promise.all(files.map((file) => wireBytes(`${info.siteUrl}/embed/${file}`, encoding))));
  const [br, gzip, identity] = [await sent('br'), await sent('gzip'), await sent('')];
  console.log(
    `\nscript-tag build as served (/embed/, ${files.length} files): gzip-9 ${gzip9.toFixed(1)} KB; on the wire ${br.toFixed(1)} KB brotli, ${gzip.toFixed(1)} KB gzip, ${identity.toFixed(1)} KB uncompressed`,
  );
}

let failures = 0;
try {
  const events = (await (await fetch(`${info.apiUrl}/events`)).json()) as { data: { slug: string }[] };
  const slug = events.data[0]?.slug;
  const pages: [string, string, string, string][] = [['home', '/', 'homeJsGzipKB', 'homeJsWireKB']];
  if (slug) pages.push(['event page', `/eventos/${slug}`, 'eventPageJsGzipKB', 'eventPageJsWireKB']);
  console.log(
    'page           scripts   raw KB   gzip KB   budget   wire KB   budget   CLS 1280px   CLS 375px   budget',
  );
  const maxShift = budgets.maxLayoutShift;
  for (const [name, path, key, wireKey] of pages) {
    const result = await measure(path);
    const mobile = await measure(path, 375);
    const budget = budgets[key];
    const wireBudget = budgets[wireKey];
    const overJs =
      (budget !== undefined && result.gzipKB > budget) ||
      (wireBudget !== undefined && result.wireKB > wireBudget);
    const overShift = maxShift !== undefined && Math.max(result.layoutShift, mobile.layoutShift) > maxShift;
    if (overJs) failures++;
    if (overShift) failures++;
    console.log(
      `${name.padEnd(14)} ${String(result.files).padStart(7)} ${result.rawKB.toFixed(1).padStart(8)} ${result.gzipKB
        .toFixed(1)
        .padStart(
          9,
        )}   ${String(budget ?? '-').padStart(6)} ${result.wireKB.toFixed(1).padStart(9)}   ${String(
        wireBudget ?? '-',
      ).padStart(6)} ${result.layoutShift.toFixed(3).padStart(12)} ${mobile.layoutShift
        .toFixed(3)
        .padStart(
          11,
        )}   ${maxShift ?? '-'}${overJs ? '  JS OVER BUDGET' : ''}${overShift ? '  LAYOUT SHIFT OVER BUDGET' : ''}`,
    );
  }
  await embedAsServed();
} finally {
  await browser.close();
  await stop();
}
process.exit(failures === 0 ? 0 : 1);
