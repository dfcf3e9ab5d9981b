// Seat picker speed in real Chromium: first render (element connected → first frame with
// the map on the canvas) and frame times (requestAnimationFrame deltas, p50/p95) during a
// scripted zoom and pan, for a 2,000-seat and a 100,000-seat venue made by the API host's
// own generator (`createLargeVenue`) and served by the real API host (in-process, on an
// in-memory PGlite). Plain `node bench/seat-picker.bench.ts` runs it (also `npm run bench`);
// it builds the script-tag bundle when missing, prints a table, compares with
// budgets.json "seatPicker" and exits 1 over budget.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loaderModules } from './loader-map.ts';

const packageDir = join(import.meta.dirname, '..');
const repoDir = join(packageDir, '..', '..');
const budgetsFile = join(repoDir, 'budgets.json');

/**
 * The folder holding the seat picker's module and what it imports, and that module's path
 * in it: dist/embed (built when missing), where the loader's map names the module.
 */
async function embedDir(): Promise<{ dir: string; module: string }> {
  const dist = join(packageDir, 'dist', 'embed');
  const inDist = () => {
    if (!existsSync(join(dist, 'plateia.js'))) return null;
    const module = loaderModules(dist).get('plateia-seat-picker');
    return module && existsSync(join(dist, module)) ? { dir: dist, module } : null;
  };
  const found = inDist();
  if (found) return found;
  const full = spawnSync(process.execPath, [join(packageDir, 'build', 'build.mjs'), 'embed'], {
    stdio: 'inherit',
  });
  const built = full.status === 0 ? inDist() : null;
  if (built) return built;
  // Another element failing to build must not hide the picker's figures: build it alone,
  // with the embed build's Preact aliases.
  console.warn('[seat-picker bench] full embed build failed; building the seat picker alone');
  const out = mkdtempSync(join(tmpdir(), 'plateia-seat-picker-'));
  const { build } = await import('vite');
  const here = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));
  await build({
    configFile: false,
    root: packageDir,
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    resolve: {
      alias: [
        { find: /^react$/, replacement: here('preact/compat') },
        { find: /^react-dom$/, replacement: here('preact/compat') },
        { find: /^react-dom\/client$/, replacement: here('preact/compat/client') },
        { find: /^react\/jsx-runtime$/, replacement: here('preact/jsx-runtime') },
      ],
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: out,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      lib: { entry: { 'seat-picker': 'src/elements/seat-picker/index.ts' }, formats: ['es'] },
      rolldownOptions: { output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
  return { dir: out, module: 'seat-picker.js' };
}

/** The real API host on a fresh in-memory database holding the two generated venues. */
async function startApiHost() {
  const server = (path: string) =>
    import(pathToFileURL(join(repoDir, 'packages', 'server', 'src', path)).href);
  const [{ buildApp }, { loadConfig }, { openDatabase }, { migrate }, { createLargeVenue }] =
    await Promise.all([
      server('app.ts'),
      server('config.ts'),
      server('db/client.ts'),
      server('db/migrate.ts'),
      server('seed/catalogue.ts'),
    ]);
  const database = await openDatabase({});
  await migrate(database);
  const venues: Record<string, number> = {};
  for (const seats of [2_000, 100_000]) {
    const event = await createLargeVenue(database.db, { seats, slug: `bench-${seats}` });
    venues[String(seats)] = event.id;
  }
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    { seedDemo: false, logLevel: 'warn', corsOrigins: true },
  );
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    venues,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

/**
 * A page on its own origin: only the element's module and the API address. The page
 * imports `/seat-picker.js`, redirected to the module so its own imports resolve beside it.
 */
function startPageServer(dir: string, module: string, apiUrl: string) {
  const page = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<style>body{margin:0;background:#0b0b10}plateia-seat-picker{--plateia-seat-map-height:640px}</style>
<script>globalThis.PLATEIA_API_URL=${JSON.stringify(apiUrl)}</script></head><body><main id="slot"></main></body></html>`;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
      return;
    }
    if (path === '/seat-picker.js' && module !== 'seat-picker.js') {
      response.writeHead(302, { location: `/${module}` }).end();
      return;
    }
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      .end(readFileSync(file));
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

/** Runs in the page: connects the element and waits for the first frame that shows the map. */
async function firstRender(eventId: number): Promise<number> {
  await import('/seat-picker.js' as string);
  await customElements.whenDefined('plateia-seat-picker');
  const element = document.createElement('plateia-seat-picker');
  element.setAttribute('event-id', String(eventId));
  const start = performance.now();
  document.getElementById('slot')?.append(element);
  const probe = document.createElement('canvas');
  probe.width = 64;
  probe.height = 32;
  const probeContext = probe.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  return new Promise((resolve) => {
    const check = () => {
      const canvas = element.shadowRoot?.querySelector('canvas');
      if (canvas && canvas.width > 0) {
        probeContext.clearRect(0, 0, 64, 32);
        probeContext.drawImage(canvas, 0, 0, 64, 32);
        const pixels = probeContext.getImageData(0, 0, 64, 32).data;
        // Sections are drawn in their colours over the dark background.
        for (let i = 0; i < pixels.length; i += 4) {
          if ((pixels[i] as number) + (pixels[i + 1] as number) + (pixels[i + 2] as number) > 150) {
            resolve(performance.now() - start);
            return;
          }
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Runs in the page: one input per animation frame (wheel zoom, pointer drag), rAF deltas recorded. */
async function scriptedGestures(): Promise<number[]> {
  const element = document.querySelector('plateia-seat-picker');
  const canvas = element?.shadowRoot?.querySelector('canvas');
  if (!canvas) throw new Error('no canvas');
  const box = canvas.getBoundingClientRect();
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  type Step = () => void;
  const wheel =
    (deltaY: number): Step =>
    () =>
      canvas.dispatchEvent(
        new WheelEvent('wheel', {
          deltaY,
          clientX: cx,
          clientY: cy,
          bubbles: true,
          cancelable: true,
          composed: true,
        }),
      );
  let pointer = { x: cx, y: cy };
  const pointerEvent = (type: string) =>
    canvas.dispatchEvent(
      new PointerEvent(type, {
        pointerId: 7,
        isPrimary: true,
        clientX: pointer.x,
        clientY: pointer.y,
        bubbles: true,
        composed: true,
        buttons: 1,
      }),
    );
  const drag = (dx: number, dy: number, frames: number): Step[] => [
    () => {
      pointer = { x: cx, y: cy };
      pointerEvent('pointerdown');
    },
    ...Array.from({ length: frames }, () => () => {
      pointer = { x: pointer.x + dx, y: pointer.y + dy };
      pointerEvent('pointermove');
    }),
    () => pointerEvent('pointerup'),
  ];
  const reset: Step = () =>
    canvas.dispatchEvent(
      new KeyboardEvent('keydown', { key: '0', bubbles: true, composed: true, cancelable: true }),
    );
  const steps: Step[] = [
    reset,
    // Out of the block view into dots, pan across many sections, into numbers, pan, back out.
    ...Array.from({ length: 8 }, () => wheel(-100)),
    ...drag(-12, -6, 60),
    ...drag(12, 6, 60),
    ...Array.from({ length: 14 }, () => wheel(-100)),
    ...drag(-15, 0, 40),
    ...Array.from({ length: 24 }, () => wheel(100)),
    ...drag(10, 10, 30),
  ];
  return new Promise((resolve) => {
    const deltas: number[] = [];
    let last = 0;
    let index = 0;
    const frame = (now: number) => {
      if (last > 0) deltas.push(now - last);
      last = now;
      const step = steps[index++];
      if (!step) {
        resolve(deltas);
        return;
      }
      step();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const { dir, module } = await embedDir();
const api = await startApiHost();
const site = await startPageServer(dir, module, api.url);
// The end-to-end suite's Chromium launcher (it resolves playwright-core from e2e/).
const { launchBrowser } = await import(pathToFileURL(join(repoDir, 'e2e', 'support', 'chromium.ts')).href);
const browser = await launchBrowser();

interface Result {
  seats: number;
  firstRenderMs: number;
  frameP50Ms: number;
  frameP95Ms: number;
  frames: number;
}
const results: Result[] = [];
try {
  for (const seats of [2_000, 100_000]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await page.goto(site.url);
    const eventId = api.venues[String(seats)] as number;
    const firstRenderMs = (await page.evaluate(firstRender, eventId)) as number;
    if (process.env.SEAT_PICKER_SCREENSHOT)
      await page.screenshot({ path: `${process.env.SEAT_PICKER_SCREENSHOT}-${seats}-first.png` });
    // A first pass loads the sections (large maps fetch rows per section); the second is measured.
    await page.evaluate(scriptedGestures);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const deltas = (await page.evaluate(scriptedGestures)) as number[];
    if (process.env.SEAT_PICKER_DEBUG) console.log(seats, deltas.map((delta) => delta.toFixed(0)).join(' '));
    if (process.env.SEAT_PICKER_SCREENSHOT) {
      // The densest view of the script: just past the block view, after the first zoom steps.
      const canvas = page.locator('plateia-seat-picker canvas');
      await canvas.focus();
      await page.keyboard.press('0');
      for (let i = 0; i < 8; i++) await canvas.dispatchEvent('wheel', { deltaY: -100 });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${process.env.SEAT_PICKER_SCREENSHOT}-${seats}-dots.png` });
    }
    results.push({
      seats,
      firstRenderMs,
      frameP50Ms: percentile(deltas, 50),
      frameP95Ms: percentile(deltas, 95),
      frames: deltas.length,
    });
    await page.close();
  }
} finally {
  await browser.close();
  site.close();
  await api.close();
}

const budgets = (JSON.parse(readFileSync(budgetsFile, 'utf8')).seatPicker ?? {}) as Record<string, number>;
const checks: Array<[string, number, number | undefined]> = [];
for (const result of results) {
  const suffix = result.seats === 2_000 ? '2k' : '100k';
  checks.push([`firstRenderMs${suffix}`, result.firstRenderMs, budgets[`maxFirstRenderMs${suffix}`]]);
  checks.push([`frameP95Ms${suffix}`, result.frameP95Ms, budgets[`maxFrameP95Ms${suffix}`]]);
}

console.log(
  'seats'.padEnd(10),
  'first render ms'.padStart(16),
  'frame p50 ms'.padStart(14),
  'frame p95 ms'.padStart(14),
  'frames'.padStart(8),
);
for (const result of results) {
  console.log(
    result.seats.toLocaleString('en-US').padEnd(10),
    result.firstRenderMs.toFixed(0).padStart(16),
    result.frameP50Ms.toFixed(1).padStart(14),
    result.frameP95Ms.toFixed(1).padStart(14),
    String(result.frames).padStart(8),
  );
}
let failed = false;
for (const [name, value, budget] of checks) {
  if (budget === undefined) continue;
  const over = value > budget;
  failed ||= over;
  console.log(`${over ? 'OVER' : 'ok  '} ${name} ${value.toFixed(1)} (budget ${budget})`);
}
process.exit(failed ? 1 : 0);
