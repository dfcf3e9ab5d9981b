import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { appVersionDefine } from './scripts/app-version.mjs';

// One runner for the whole repo: unit tests per package, the API host's suite on PGlite
// (and on PostgreSQL when TEST_DATABASE_URL names a server), and end-to-end in Chromium.
const serverSuite = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'packages/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: { PLATEIA_TEST_DB: db },
    testTimeout: 30_000,
    // A file's app and database start in its hooks; with files side by side on a loaded
    // machine that start has taken close to a minute.
    hookTimeout: 120_000,
  },
});

// The widgets' unit tests, on React, or with `onPreact` on what the script-tag build ships
// (`react`, `react-dom` and the JSX runtime aliased to `preact/compat`; React Testing
// Library's `act` from `preact/test-utils`). The libraries that import React (React Testing
// Library, r2wc, @nanostores/react) are bundled into the tests so the aliases reach them.
const fromWidgets = (specifier: string): string =>
  fileURLToPath(
    import.meta.resolve(specifier, new URL('./packages/widgets/package.json', import.meta.url).href),
  );
function widgetsSuite(name: string, onPreact = false): TestProjectInlineConfiguration {
  const preactAliases = [
    { find: /^react$/, replacement: fromWidgets('preact/compat') },
    { find: /^react-dom$/, replacement: fromWidgets('preact/compat') },
    { find: /^react-dom\/client$/, replacement: fromWidgets('preact/compat/client') },
    { find: /^react-dom\/test-utils$/, replacement: fromWidgets('preact/test-utils') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: fromWidgets('preact/compat/jsx-runtime') },
    // Its ES module build: the CommonJS one it resolves to would require React itself.
    {
      find: /^@testing-library\/react$/,
      replacement: fromWidgets('@testing-library/react').replace(
        /index\.js$/,
        '@testing-library/react.esm.js',
      ),
    },
  ];
  return {
    ...(onPreact ? { resolve: { alias: preactAliases } } : {}),
    test: {
      name,
      root: 'packages/widgets',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      env: { PLATEIA_WIDGETS_RUNTIME: onPreact ? 'preact' : 'react' },
      // Elements import their stylesheet text (`*.css?inline`); tests assert on it.
      css: { include: [/\.css(\?|$)/] },
      ...(onPreact
        ? {
            server: {
              deps: {
                inline: ['@testing-library/react', '@r2wc/react-to-web-component', '@nanostores/react'],
              },
            },
          }
        : {}),
    },
  };
}

const projects: TestProjectInlineConfiguration[] = [
  // Core's version gate reads the app version the builds inject (scripts/app-version.mjs).
  { define: appVersionDefine, test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
  widgetsSuite('widgets'),
  // The same widget tests on the script-tag build's runtime: React resolved to Preact's
  // compat layer, as packages/widgets/build/build.mjs resolves it.
  widgetsSuite('widgets-preact', true),
  { define: appVersionDefine, test: { name: 'site', root: 'site', include: ['src/**/*.test.{ts,tsx}'] } },
  { test: { name: 'examples', root: 'examples', include: ['*/test/**/*.test.ts'] } },
  serverSuite('server', 'pglite'),
];
if (process.env.TEST_DATABASE_URL) projects.push(serverSuite('server-pg', 'postgres'));
projects.push({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One stack and one Chromium at a time: the machine has two cores.
    fileParallelism: false,
    // Pages answer slower on a loaded machine; polled assertions wait like locators do.
    expect: { poll: { timeout: 15_000 } },
  },
});

/**
 * Files run at once, every project but e2e (which keeps one file at a time). Vitest's default
 * in a run is one fewer than the cores: one worker on a 2-core machine, so every file waited
 * for the one before it. The API host's files spend much of their time waiting (on
 * PostgreSQL's own processes, on child API processes, on argon2's threads, on the job
 * runner's ticks), so one worker more than the cores keeps both cores busy.
 * `PLATEIA_TEST_WORKERS` sets another count (vitest's own VITEST_MAX_WORKERS would also
 * lift e2e's one-at-a-time).
 */
const maxWorkers = Number(process.env.PLATEIA_TEST_WORKERS) || availableParallelism() + 1;

export default defineConfig({
  test: {
    maxWorkers,
    projects,
  },
});
