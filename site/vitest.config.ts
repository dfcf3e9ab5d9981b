import { defineConfig } from 'vitest/config';

/**
 * The storefront's unit tests (pure helpers under src/lib) and component tests of islands
 * (`*.test.tsx`, each choosing happy-dom with `// @vitest-environment happy-dom`). The
 * repository's root configuration runs them as the `site` project; this file lets them run
 * alone too: `vitest run --config site/vitest.config.ts`.
 */
export default defineConfig({
  test: { name: 'site', root: import.meta.dirname, include: ['src/**/*.test.{ts,tsx}'] },
});
