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
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  // Core's version gate reads the app version the builds inject (scripts/app-version.mjs).
  { define: appVersionDefine, test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
  {
    test: {
      name: 'widgets',
      root: 'packages/widgets',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      // Elements import their stylesheet text (`*.css?inline`); tests assert on it.
      css: { include: [/\.css(\?|$)/] },
    },
  },
  { define: appVersionDefine, test: { name: 'site', root: 'site', include: ['src/**/*.test.ts'] } },
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

export default defineConfig({
  test: {
    projects,
  },
});
