// Lighthouse (the npm package) on the storefront's home page, an event page and the example
// producer page that embeds the widgets (examples/producer-page, its own origin), in Debian's
// Chromium with Lighthouse's default mobile emulation (Moto G Power screen, simulated slow
// 4G and 4x CPU slowdown). Reports the performance and accessibility scores, Cumulative
// Layout Shift, Largest Contentful Paint, Total Blocking Time and the JavaScript the page
// downloaded as bytes on the wire (transfer size, as served), checked against budgets.json
// "pages". Runs the built storefront and the API host with demo data (e2e/support/stack.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureStorefrontBuilt } from '../support/chromium.ts';
import { startStack } from '../support/stack.ts';

const root = join(import.meta.dirname, '..', '..');
const budgets = JSON.parse(readFileSync(join(root, 'budgets.json'), 'utf8')).pages as Record<string, number>;

ensureStorefrontBuilt();

/** Starts Debian's Chromium with a DevTools port for Lighthouse to drive; resolves the port. */
async function startChromium(profileDir: string): Promise<{ port: number; chromium: ChildProcess }> {
  const chromium = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium gave no DevTools port: ${output}`)), 30_000);
    chromium.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { port, chromium };
}

interface PageFigures {
  performance: number;
  accessibility: number;
  layoutShift: number;
  lcpMs: number;
  tbtMs: number;
  jsWireKB: number;
  jsFiles: number;
  /** Accessibility audits that failed (their ids), to say what costs points. */
  accessibilityFailures: string[];
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

async function audit(url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((item) => item.resourceType === 'Script');
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => {
      const first = (lhr.audits[ref.id]?.details as { items?: { node?: { snippet?: string } }[] } | undefined)
        ?.items?.[0]?.node?.snippet;
      return first ? `${ref.id} (${first.slice(0, 120)})` : ref.id;
    });
  return {
    accessibilityFailures,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    layoutShift: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    jsWireKB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
    jsFiles: scripts.length,
  };
}

const { info, stop } = await startStack(Number(process.env.BENCH_BASE_PORT ?? 23_410));
const profileDir = mkdtempSync(join(tmpdir(), 'plateia-lighthouse-'));
const { port, chromium } = await startChromium(profileDir);

let failures = 0;
try {
  const events = (await (await fetch(`${info.apiUrl}/events`)).json()) as { data: { slug: string }[] };
  const slug = events.data[0]?.slug;
  const pages: { name: string; url: string; jsBudgetKey?: string }[] = [
    { name: 'home', url: `${info.siteUrl}/`, jsBudgetKey: 'homeJsWireKB' },
  ];
  if (slug)
    pages.push({
      name: 'event page',
      url: `${info.siteUrl}/eventos/${slug}`,
      jsBudgetKey: 'eventPageJsWireKB',
    });
  pages.push({ name: 'embed example', url: `${info.producerPageUrl}/` });

  const minPerformance = budgets.minLighthousePerformance;
  const minAccessibility = budgets.minLighthouseAccessibility;
  const maxShift = budgets.maxLayoutShift;
  console.log(
    `Lighthouse, mobile emulation (budgets: performance >= ${minPerformance}, accessibility >= ${minAccessibility}, CLS <= ${maxShift})`,
  );
  console.log('page            perf  a11y     CLS   LCP ms   TBT ms   JS files   JS wire KB   budget');
  for (const page of pages) {
    // A first run warms the storefront's server (its first render of a page compiles nothing,
    // but its caches and the API host's are cold); the second is the one reported.
    await audit(page.url, port);
    const figures = await audit(page.url, port);
    const jsBudget = page.jsBudgetKey ? budgets[page.jsBudgetKey] : undefined;
    const over: string[] = [];
    if (minPerformance !== undefined && figures.performance < minPerformance) over.push('PERFORMANCE');
    if (minAccessibility !== undefined && figures.accessibility < minAccessibility)
      over.push('ACCESSIBILITY');
    if (maxShift !== undefined && figures.layoutShift > maxShift) over.push('LAYOUT SHIFT');
    if (jsBudget !== undefined && figures.jsWireKB > jsBudget) over.push('JS');
    failures += over.length;
    console.log(
      `${page.name.padEnd(14)} ${String(figures.performance).padStart(5)} ${String(figures.accessibility).padStart(5)} ${figures.layoutShift
        .toFixed(3)
        .padStart(
          7,
        )} ${figures.lcpMs.toFixed(0).padStart(8)} ${figures.tbtMs.toFixed(0).padStart(8)} ${String(
        figures.jsFiles,
      ).padStart(10)} ${figures.jsWireKB.toFixed(1).padStart(12)}   ${String(jsBudget ?? '-').padStart(6)}${
        over.length > 0 ? `  OVER BUDGET: ${over.join(', ')}` : ''
      }`,
    );
    if (figures.accessibilityFailures.length > 0)
      console.log(`${''.padEnd(15)}accessibility audits failed: ${figures.accessibilityFailures.join(', ')}`);
  }
} finally {
  chromium.kill('SIGTERM');
  await new Promise((resolve) => (chromium.exitCode === null ? chromium.on('exit', resolve) : resolve(null)));
  rmSync(profileDir, { recursive: true, force: true });
  await stop();
}
process.exit(failures === 0 ? 0 : 1);
