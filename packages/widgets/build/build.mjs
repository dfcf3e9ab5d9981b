// Builds @plateia/widgets:
//   dist/esm/    one ES module per element plus `index.js`, for bundler users; React,
//                react-dom, @plateia/core and the other dependencies stay external.
//   dist/types/  declarations for the published package (tsconfig.build.json).
//   dist/embed/  the script-tag build: the `plateia.js` loader (a classic script) and one
//                ES module per element with shared chunks, on Preact instead of React
//                (`react` and `react-dom` aliased to `preact/compat`).
// Usage: node build/build.mjs [esm|types|embed]   (all when no argument is given)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify as terser } from 'terser';
import { build } from 'vite';

const packageDir = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const only = process.argv[2];

/** Element folder name → entry file; the tag is `plateia-<folder>`. */
export const elementEntries = Object.fromEntries(
  readdirSync(join(packageDir, 'src', 'elements'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => [entry.name, `src/elements/${entry.name}/index.ts`]),
);

// The script-tag build's modules: one per Preact element, and `light.js` for the buy button
// and the cart bar (src/embed/light.ts), small elements a producer page usually shows
// together. Tag → module is what the loader is built with.
const lightElements = ['buy-button', 'cart-bar'];
const embedEntries = {
  light: 'src/embed/light.ts',
  ...Object.fromEntries(Object.entries(elementEntries).filter(([name]) => !lightElements.includes(name))),
};
/** Tag → module file for the loader, from the file names the element build produced. */
const embedModules = (fileNames) =>
  Object.fromEntries(
    Object.keys(elementEntries).map((name) => [
      `plateia-${name}`,
      `./${fileNames[lightElements.includes(name) ? 'light' : name]}`,
    ]),
  );

const jsx = { runtime: 'automatic', importSource: 'react' };
const target = 'es2022';

// Everything the package lists as a dependency or peer is the consumer's to install once:
// one React, one @plateia/core (one session and cart) per page.
const externalPackages = [
  ...Object.keys(manifest.peerDependencies ?? {}),
  ...Object.keys(manifest.dependencies ?? {}),
];
const isExternal = (id) => externalPackages.some((name) => id === name || id.startsWith(`${name}/`));

async function buildEsm() {
  await build({
    configFile: false,
    root: packageDir,
    logLevel: 'warn',
    oxc: { jsx },
    build: {
      outDir: 'dist/esm',
      emptyOutDir: true,
      target,
      minify: false,
      sourcemap: true,
      lib: { entry: { index: 'src/index.ts', ...elementEntries }, formats: ['es'] },
      rolldownOptions: {
        external: isExternal,
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

function buildTypes() {
  rmSync(join(packageDir, 'dist', 'types'), { recursive: true, force: true });
  const tsc = join(packageDir, '..', '..', 'node_modules', '.bin', 'tsc');
  const result = spawnSync(tsc, ['-p', join(packageDir, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('declaration build failed');
}

// Absolute paths, so the aliases also apply to imports made from inside dependencies
// (r2wc, @nanostores/react) whose own folders cannot see preact.
const resolveHere = (specifier) => fileURLToPath(import.meta.resolve(specifier));
// React is Preact's compat layer (`preact/compat`), as Preact documents for bundlers:
// r2wc, @nanostores/react and the elements import `react`, `react-dom/client` and the JSX
// runtime, and get Preact.
const preactAliases = [
  { find: /^react$/, replacement: resolveHere('preact/compat') },
  { find: /^react-dom$/, replacement: resolveHere('preact/compat') },
  { find: /^react-dom\/client$/, replacement: resolveHere('preact/compat/client') },
  { find: /^react\/jsx-runtime$/, replacement: resolveHere('preact/compat/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: resolveHere('preact/compat/jsx-dev-runtime') },
];

// Where the script-tag build goes: dist/embed, or `PLATEIA_EMBED_OUT` (an absolute path) to
// compare builds side by side without touching the one the storefront serves.
const embedOutDir = process.env.PLATEIA_EMBED_OUT ?? join(packageDir, 'dist', 'embed');

// `PLATEIA_EMBED_ANALYSIS=1` writes embed-analysis.json beside the build: each output file
// with the modules it holds and their rendered (pre-minification) sizes, to see duplication
// and chunk boundaries.
const analysisPlugin = {
  name: 'plateia-embed-analysis',
  generateBundle(_options, bundle) {
    const files = Object.values(bundle)
      .filter((item) => item.type === 'chunk')
      .map((chunk) => ({
        file: chunk.fileName,
        bytes: chunk.code.length,
        imports: chunk.imports,
        dynamicImports: chunk.dynamicImports,
        modules: Object.entries(chunk.modules)
          .map(([id, info]) => [
            id.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^.*\/packages\//, ''),
            info.renderedLength,
          ])
          .sort((a, b) => b[1] - a[1]),
      }));
    const analysisFile = join(embedOutDir, '..', `${basename(embedOutDir)}-analysis.json`);
    mkdirSync(dirname(analysisFile), { recursive: true });
    writeFileSync(analysisFile, JSON.stringify(files, null, 1));
  },
};

// A second minifier over Rolldown's output: Terser's compressor, run three passes, finds
// what one pass leaves (inlined single-use helpers, folded conditionals, merged
// declarations): 0.7 KB gzip less over all elements. Only in the script-tag build, whose
// files go straight to browsers; Terser's default, safe transforms only.
const terserPass = {
  name: 'plateia-terser-pass',
  async generateBundle(_options, bundle) {
    for (const item of Object.values(bundle)) {
      if (item.type !== 'chunk') continue;
      const result = await terser(item.code, {
        module: item.fileName !== 'plateia.js',
        ecma: 2022,
        compress: { passes: 3 },
        format: { comments: false },
      });
      if (result.code === undefined) throw new Error(`terser produced nothing for ${item.fileName}`);
      item.code = result.code;
    }
  },
};

// Shared chunks of the script-tag build, by what loads together. Every file costs its own
// gzip header and starts with an empty dictionary, so a few files beat many small ones
// (measured: 2 KB gzip less over all elements than one chunk per concern):
//   light    the light core (cart, catalogue, the checkout flag and cart expiry, public
//            reads and the event pixel, the meia-entrada rules (half price, the document's
//            normal form), nanostores, and the texts of these), the theme tokens, and the buy button and cart bar, which
//            a producer page usually shows together; their entry files only re-export
//            from here. No ky, no Preact.
//   preact   Preact, the shared element layer, the authenticated client and stores
//            (session, seat holds and maps, checkout, and their texts) and the login dialog, which every Preact element
//            needs (checkout and seat picker open it). With entry signatures not kept
//            (the loader never reads exports) and dependencies left where they are, this
//            group lands in the login module itself, which checkout and seat picker import.
// The buy button and the cart bar download neither ky nor Preact (the size bench
// checks it); the light chunk imports login.js only dynamically, to release seats or end
// an expired checkout. Higher priority captures first, so the light chunk keeps
// nanostores and the light core away from the Preact group.
const sep = String.raw`[\\/]`;
const embedChunkGroups = [
  {
    name: 'light',
    priority: 30,
    includeDependenciesRecursively: false,
    test: new RegExp(
      `node_modules${sep}nanostores${sep}(?!listen-keys|deep-map)|core${sep}src${sep}(stores${sep}(toasts|browser-storage|cart|cart-expiry|checkout-state|catalogue|navigation)|rules${sep}(cart|seat-hold|price|expiry|meia-entrada)|api${sep}(public-read|catalogue|pixel)|format${sep}money|messages${sep}(cart|seat-hold|checkout|buy-button|cart-bar|rate-limits))\\.ts$|widgets${sep}src${sep}(embed${sep}light\\.ts|shared${sep}(events\\.ts|cart-change\\.ts|light-element\\.ts|(tokens|light-element)\\.css\\?inline)|elements${sep}(buy-button|cart-bar)${sep}[^\\\\/]+\\.(ts|css\\?inline))$`,
    ),
  },
  {
    name: 'preact',
    priority: 20,
    includeDependenciesRecursively: false,
    test: new RegExp(
      `node_modules${sep}(preact|ky|@r2wc${sep}[^\\\\/]+|@nanostores${sep}react|nanostores${sep}(listen-keys|deep-map))${sep}|widgets${sep}src${sep}(shared${sep}((define-element|styles|modal-dialog|storefront-origin)\\.ts|waiting-room\\.tsx|theme\\.css\\?inline)|elements${sep}login${sep}[^\\\\/]+\\.(tsx?|css\\?inline))$|core${sep}src${sep}(api${sep}(client|accounts|seat-map|seat-hold|orders|payments)|stores${sep}(session|session-token|seat-map|seat-hold|checkout|queue-pass)|rules${sep}(reservation|checkout|email|seat-map|password|origin)|contracts${sep}queue|messages${sep}(accounts|login|orders|queue))\\.ts$`,
    ),
  },
];

async function buildEmbed() {
  const outDir = embedOutDir;
  rmSync(outDir, { recursive: true, force: true });
  const shared = {
    configFile: false,
    root: packageDir,
    logLevel: 'warn',
    oxc: { jsx },
    resolve: { alias: preactAliases },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  };
  const built = await build({
    ...shared,
    plugins: [terserPass, ...(process.env.PLATEIA_EMBED_ANALYSIS ? [analysisPlugin] : [])],
    build: {
      outDir,
      emptyOutDir: false,
      target,
      minify: true,
      lib: { entry: embedEntries, formats: ['es'] },
      rolldownOptions: {
        // The loader imports element modules for their effect (registering the elements)
        // and never reads their exports, so entries keep only what other modules import;
        // this also lets each group live in its entry file (see embedChunkGroups).
        preserveEntrySignatures: false,
        // Vite keeps whitespace in ES library output for bundlers' sake; these modules go
        // straight to browsers, so they are minified fully (the size budgets count them).
        output: {
          // Every module is named by its content and served immutable; only the loader,
          // which carries the tag → module map, is revalidated. A page therefore never
          // mixes modules of two releases, whose minified export names differ.
          entryFileNames: 'chunks/[name]-[hash].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          minify: true,
          // Pure and no-side-effects annotations only matter to a later bundler; nothing
          // bundles these files again, so they ship without comments.
          comments: false,
          codeSplitting: { groups: embedChunkGroups },
        },
      },
    },
  });
  const entryFiles = Object.fromEntries(
    (Array.isArray(built) ? built : [built])
      .flatMap((result) => ('output' in result ? result.output : []))
      .filter((item) => item.type === 'chunk' && item.isEntry)
      .map((item) => [item.name, item.fileName]),
  );
  await build({
    ...shared,
    plugins: [terserPass],
    define: {
      ...shared.define,
      __PLATEIA_VERSION__: JSON.stringify(manifest.version),
      __PLATEIA_ELEMENTS__: JSON.stringify(embedModules(entryFiles)),
    },
    build: {
      outDir,
      emptyOutDir: false,
      target,
      minify: true,
      lib: { entry: { plateia: 'src/embed/plateia.ts' }, formats: ['iife'], name: 'PlateiaLoader' },
      rolldownOptions: { output: { entryFileNames: '[name].js', comments: false } },
    },
  });
}

if (!only || only === 'esm') await buildEsm();
if (!only || only === 'types') buildTypes();
if (!only || only === 'embed') await buildEmbed();
console.log(
  `[widgets] built ${only ?? 'esm, types and embed'} for ${Object.keys(elementEntries).join(', ')}`,
);
